// 000 §5: the ticket value is typed as currency with the prefix 'R$ ', '.' for thousands and ',' for decimals.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { TicketInput } from './ticket-input.tsx';

function Harness() {
  const [value, setValue] = useState('');
  return <TicketInput value={value} onChange={setValue} />;
}

afterEach(cleanup);

describe('000 §5 ticket value input', () => {
  it.each([
    ['1', 'R$ 0,01'],
    ['123450', 'R$ 1.234,50'],
    ['R$ 1.234,507', 'R$ 12.345,07'],
    ['abc', ''],
  ])('typing %s shows %s', (typed, shown) => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor do ticket') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    expect(input.value).toBe(shown);
  });
});
