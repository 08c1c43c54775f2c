// 001 §9 "Header width breakpoints: 500, 1080, 1280, 1740" and "Attendant column: 250": how the
// chat header lays its parts out for its own width.
export const HEADER_BREAKPOINTS = [500, 1080, 1280, 1740] as const;
export const ATTENDANT_COLUMN = 250;

export type HeaderLayout = {
  /** Below 500: the identity only; the selectors go behind 'Informações do Lead'. */
  showSelectors: boolean;
  /** From 1080 the two status selectors sit beside the identity; below, on their own line. */
  selectorsInline: boolean;
  /** From 1280 the attendant column (250) joins the first line. */
  attendantInline: boolean;
  /** From 1740 the extra facts (Anúncio, Id Cliente) join the identity line. */
  factsInline: boolean;
};

export function headerLayout(width: number): HeaderLayout {
  const [xs, md, lg, xl] = HEADER_BREAKPOINTS;
  return {
    showSelectors: width >= xs,
    selectorsInline: width >= md,
    attendantInline: width >= lg,
    factsInline: width >= xl,
  };
}
