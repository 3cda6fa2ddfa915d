// Alert channels are defined by the App's operator, never by a repository: a repository's config
// only names them. `XIHE_NOTIFY_<NAME>=<type>:<webhook URL>` (the URL carries the robot's key, so it
// is a secret); a generic webhook signs its body with `XIHE_NOTIFY_<NAME>_SECRET`.
import { ConfigError } from "../errors.ts";

export type ChannelType = "wecom" | "slack" | "webhook";

export interface AlertChannel {
  /** Lower-case name, as a repository's `notify.channels[].name` refers to it. */
  name: string;
  type: ChannelType;
  url: string;
  /** HMAC-SHA256 key of a generic webhook. */
  secret: string | null;
}

const prefix = "XIHE_NOTIFY_";

export function alertChannelsFromEnv(env: NodeJS.ProcessEnv): Map<string, AlertChannel> {
  const channels = new Map<string, AlertChannel>();
  const problems: { path: string; message: string }[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith(prefix) || key.endsWith("_SECRET") || value === undefined || value === "") continue;
    const rawName = key.slice(prefix.length);
    const channel = parseChannel(rawName.toLowerCase(), value, env[`${key}_SECRET`]);
    if (typeof channel === "string") problems.push({ path: key, message: channel });
    else channels.set(channel.name, channel);
  }
  if (problems.length > 0)
    throw new ConfigError(
      `invalid alert channel(s): ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`,
      problems,
    );
  return channels;
}

function parseChannel(name: string, value: string, secret: string | undefined): AlertChannel | string {
  const colon = value.indexOf(":");
  const type = value.slice(0, colon);
  const url = value.slice(colon + 1);
  if (colon < 0 || !isChannelType(type))
    return "expected <type>:<URL> with type wecom, slack or webhook (e.g. wecom:https://…/send?key=…)";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not a URL after "${type}:"`;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "the URL must be http(s)";
  if (type === "webhook" && !secret)
    return `a webhook channel needs ${prefix}${name.toUpperCase()}_SECRET to sign its messages`;
  return { name, type, url, secret: secret ?? null };
}

function isChannelType(type: string): type is ChannelType {
  return type === "wecom" || type === "slack" || type === "webhook";
}
