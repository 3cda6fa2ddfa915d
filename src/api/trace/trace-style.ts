// The trace page's stylesheet (inline: the page loads nothing else).
import { Html } from "./html.ts";

export const traceStyle = new Html(`
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 70rem; padding: 0 1rem; color: #1f2328; }
h1 { font-size: 1.35rem; } h2 { font-size: 1.1rem; margin-top: 1.6rem; border-bottom: 1px solid #d0d7de; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #eaeef2; }
pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; margin: .3rem 0; }
code { font: 12.5px ui-monospace, monospace; } .num, .exit { font-variant-numeric: tabular-nums; white-space: nowrap; }
.status { padding: 0 .4rem; border-radius: .3rem; } .succeeded { background: #dafbe1; } .failed { background: #ffebe9; }
.needs_input, .cancelled { background: #fff8c5; } .running, .queued { background: #ddf4ff; }
.add { color: #116329; background: #e6ffec; } .del { color: #82071e; background: #ffebe9; } .hunk { color: #8250df; }
meter { width: 12rem; } details summary { cursor: pointer; color: #0969da; } .reason { color: #57606a; }
`);
