// A WHERE clause built from optional filters, with its parameters in the same order.
export function conditions() {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    where.push(clause);
    params.push(...values);
  };
  return { where, params, add };
}
