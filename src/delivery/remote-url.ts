// The remote Xihe pushes to must be a plain https URL (file:// or loopback http:// for local mirrors
// and tests) with no credentials in it: the token travels only in the environment, and a URL from
// untrusted text (threat model A24) must not smuggle options, other protocols or a user:password part.
import { DeliveryRefusal } from "./delivery-refusal.ts";

export function assertRemoteUrl(remoteUrl: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(remoteUrl);
  } catch {
    parsed = null;
  }
  const ok =
    parsed !== null &&
    (parsed.protocol === "https:" ||
      parsed.protocol === "file:" ||
      // Plain http only to this machine (a local git server in tests); never across a network.
      (parsed.protocol === "http:" &&
        (parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost"))) &&
    parsed.username === "" &&
    parsed.password === "" &&
    parsed.search === "" &&
    !/[\s\0]/.test(remoteUrl);
  if (!ok)
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: remote ${JSON.stringify(remoteUrl.replace(/\/\/[^/@]*@/, "//[redacted]@").slice(0, 120))} must be an https:// (or file://) URL without credentials or query`,
    );
  return remoteUrl;
}
