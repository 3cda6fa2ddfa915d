// The code under test of the title-retry e2e tests: `exclaim` is the mutant (`"!"` became `"!!"`),
// reached only by `shout` on text that is no question.
export const shoutLib = `export function shout(text) {
  return text.endsWith("?") ? text.toUpperCase() : exclaim(text.toUpperCase());
}

function exclaim(text) {
  return text + "!!";
}

export function whisper(text) {
  return text.toLowerCase() + "...";
}
`;
