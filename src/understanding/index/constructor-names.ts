// The names of the method that runs when a class is called or `new`-ed: JS/TS `constructor`, Python
// `__init__`. One set for every reader that treats a class's use as a call of its constructor.
export const CONSTRUCTOR_NAMES: ReadonlySet<string> = new Set(["constructor", "__init__"]);
