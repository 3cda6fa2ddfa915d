// Numbered placeholders ($1, $2, ...) for a PostgreSQL query built from optional filters.
export function pgParams() {
  const values: (string | number)[] = [];
  const p = (value: string | number): string => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, p };
}
