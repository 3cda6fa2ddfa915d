// `xihe notify test --channel NAME [--language en|zh]`: sends one sample alert through a channel
// defined in the environment (XIHE_NOTIFY_<NAME>), exactly as the App would, so an operator sees the
// robot key or webhook URL work before a real failure depends on it.
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { UsageError } from "../errors.ts";
import { alertChannelsFromEnv } from "../notify/alert-channels-from-env.ts";
import type { AlertEvent } from "../notify/alert-event.ts";
import { renderAlertMessages } from "../notify/render-alert-message.ts";
import { sendAlert } from "../notify/send-alert.ts";

interface NotifyFlags {
  channel: string;
  language: string;
}

export const registerNotifyCommand: RegisterCommand = (program, io, setExit) => {
  const notify = program.command("notify").description("Alert channels (WeCom, Slack, signed webhooks)");
  notify
    .command("test")
    .description("Send one sample alert through a channel defined as XIHE_NOTIFY_<NAME>")
    .requiredOption("--channel <name>", "the channel's name (XIHE_NOTIFY_<NAME>)")
    .option("--language <lang>", "en | zh", "en")
    .action(async (flags: NotifyFlags) => setExit(await sendTestAlert(flags, io)));
};

async function sendTestAlert(flags: NotifyFlags, io: CliIo): Promise<ExitCode> {
  if (flags.language !== "en" && flags.language !== "zh")
    throw new UsageError(`--language must be en or zh, not "${flags.language}"`);
  const channels = alertChannelsFromEnv(io.env);
  const channel = channels.get(flags.channel.toLowerCase());
  if (!channel)
    throw new UsageError(
      `no channel "${flags.channel}": set XIHE_NOTIFY_${flags.channel.toUpperCase()}=<wecom|slack|webhook>:<URL>` +
        (channels.size > 0 ? ` (defined: ${[...channels.keys()].join(", ")})` : ""),
    );
  const groups = [{ cause: "test", events: [sampleEvent()] }];
  const [body] = renderAlertMessages(channel, groups, flags.language);
  const result = await sendAlert(channel, `test-${Date.now()}`, body);
  if (result.ok) {
    io.stdout(`sent a sample alert to "${channel.name}" (${channel.type})\n`);
    return 0;
  }
  io.stderr(`xihe: ${result.error}${result.retry ? " (the App would retry it later)" : ""}\n`);
  return 1;
}

function sampleEvent(): AlertEvent {
  return {
    kind: "run_gave_up",
    runId: "test",
    runName: "xihe notify test",
    repo: "example/repository",
    pr: null,
    stage: null,
    failureClass: "test",
    summary: "a sample alert sent by `xihe notify test`; no run failed",
    retries: 0,
    toolChain: [],
    suggestion: "read_log",
    links: { pr: null, trace: null },
    triggeredBy: "xihe notify test",
    at: new Date().toISOString(),
  };
}
