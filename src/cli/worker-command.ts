// `xihe worker`: a worker process of the App (XIHE_QUEUE required): takes triage and run jobs from
// Redis until SIGTERM or SIGINT, then shuts down gracefully (XIHE_SHUTDOWN_DEADLINE_SECONDS).
// Configured like the App, by its environment (APP_ID, PRIVATE_KEY, XIHE_STORE, ...).
import type { RegisterCommand } from "./register-command.ts";

export const registerWorkerCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("worker")
    .description("Run the App's jobs from the shared queue (XIHE_QUEUE=redis://...) until SIGTERM")
    .action(async () => {
      const { startWorker } = await import("../server/start-worker.ts");
      const worker = await startWorker(io.env);
      const signal = await new Promise<string>((resolve) => {
        for (const name of ["SIGTERM", "SIGINT"] as const) process.once(name, () => resolve(name));
      });
      io.stderr(`xihe worker: ${signal}: finishing the running steps, then handing back what is left\n`);
      await worker.stop();
      setExit(0);
    });
};
