// What kind of code a question asks about, from its wording: tests, or the peripheral code (examples,
// benchmarks, scripts, docs) ranked below the code it uses unless the question asks for it.

// "for example" and "for instance" introduce a case of what the question asks, and `example.com` is
// a host name: neither asks about example code. A file name does (`example.py`, `bench.js`).
const aboutPeripheral =
  /(?<!\bfor )\b(examples?|benchmarks?|bench|scripts?|demos?|samples?|docs?|fuzz\w*)\b(?!\.(?:com|org|net|io|dev)\b)/i;
const asksForTests = /\b(the tests|tests (for|of|that)|test (files?|suites?|cases?)|unit tests?)\b/i;
const aboutTests = /\b(tests?|tested|testing|specs?|fixtures?|pytest|mocha|jest|vitest)\b/i;
// An error, a refusal or a warning: what is asked is where the code gives up, which a raise or a
// throw says in so many words.
const aboutError =
  /\b(errors?|rais(e|es|ed|ing)|throw(s|n|ing)?|threw|exceptions?|fail(s|ed|ing|ures?)?|refus(e|es|ed|ing)|reject(s|ed|ing)?|invalid|warn(s|ed|ing|ings)?|complain(s|ed|ing)?)\b/i;

// A message the code writes for a person: its wording is in the code's string literals, wherever the
// message is built (`__str__`, a `toJSON` that formats a change, a log line), not only on a raise.
const aboutMessage = /\b(messages?|worded|wording|phrased|says)\b/i;

export interface QuestionAbout {
  /** It names tests at all: test code is then not ranked below the code it tests. */
  aboutTests: boolean;
  /** It asks for the tests themselves: code that is not a test is ranked below them. */
  asksForTests: boolean;
  /** It names examples, benchmarks, scripts or docs: peripheral code is not damped. */
  aboutPeripheral: boolean;
  /** It asks about an error, a refusal or a warning: the words a symbol raises count (recall.ts). */
  aboutError: boolean;
  /** It asks how a message is worded: the words of the symbol's prose literals count too (recall.ts). */
  aboutMessage: boolean;
}

export function questionAbout(question: string): QuestionAbout {
  return {
    aboutTests: aboutTests.test(question),
    asksForTests: asksForTests.test(question),
    aboutPeripheral: aboutPeripheral.test(question),
    aboutError: aboutError.test(question),
    aboutMessage: aboutMessage.test(question),
  };
}
