/**
 * The clear button of a Mantine Select: Mantine renders it `aria-hidden` and out of the tab order, so
 * a screen-reader or keyboard user could not clear the field. These props make it a named button
 * reachable like any other (the name in the user's language, e.g. "ล้างเอเยนต์").
 */
export const reachableClearButton = (label: string) =>
  ({ 'aria-label': label, 'aria-hidden': false, tabIndex: 0 }) as const;
