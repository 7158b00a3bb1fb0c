/** Names typed as "Rock, Indie pop": the names, without blanks or repeats. */
export const namesFrom = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];
