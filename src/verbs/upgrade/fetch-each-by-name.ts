// Registry look-ups for many packages at once, a bounded number in flight: registries answer
// slowly one by one, and an unbounded burst trips their rate limits.
export async function fetchEachByName<T>(
  names: readonly string[],
  concurrency: number,
  fetchOne: (name: string) => Promise<T>,
): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift())
      out.set(name, await fetchOne(name));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, names.length) }, worker));
  return out;
}
