// How far the tests-that-reach walk goes, and what it could not follow: when it finds no test, "no
// test reaches it" would claim more than it knows, so these gaps soften that claim.

/** Calls followed backwards from a symbol's references before the walk stops. */
export const maxHops = 6;

/** What the static walk could not follow, when it found no test. */
export type ReachGap =
  "dynamic-dispatch" | "computed-member" | "passed-as-value" | "depth" | "unresolved-import";

export const reachGapText: Record<ReachGap, string> = {
  "dynamic-dispatch": "it is reached through a method call on an object of unknown type",
  "computed-member":
    "its class, or a class it inherits from, looks up its own members by computed name (`this[name]`, `getattr(self, name)`)",
  "passed-as-value": "it is passed as a value and called where it is passed",
  depth: `its callers go on beyond ${maxHops} calls`,
  "unresolved-import": "a test file imports project code the static walk could not resolve",
};
