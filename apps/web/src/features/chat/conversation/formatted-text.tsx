// 001 §2 "Text rendering": one line per line, each cut at 400 characters, *bold*, _italic_, ~strike~.
import { Fragment } from 'react';

import { tokenizeWhatsappText } from '@funil/domain/leads/placeholders';

export function FormattedText({ text }: { text: string }) {
  const lines = tokenizeWhatsappText(text);
  return (
    <>
      {lines.map((segments, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {segments.map((s, j) => {
            let node: React.ReactNode = s.text;
            if (s.strike) node = <s>{node}</s>;
            if (s.italic) node = <em>{node}</em>;
            if (s.bold) node = <strong>{node}</strong>;
            return <Fragment key={j}>{node}</Fragment>;
          })}
        </Fragment>
      ))}
    </>
  );
}
