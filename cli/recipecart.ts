#!/usr/bin/env node
/**
 * recipecart command line. Each command lives in cli/commands/<name>.ts and exports
 * `run(args: string[]): Promise<number>` (the exit code). Commands are imported lazily so
 * that `--help` and each command load only what they need.
 */
const COMMANDS: Record<string, string> = {
  "parse-ingredients": "Read ingredient lines on stdin, print one parsed JSON object per line.",
  categorize: 'Read grocery item names on stdin, print {"category": ...} per line.',
  extract:
    'Extract a recipe. No arguments: read {"url","htmlPath"} JSON lines on stdin (bench contract). ' +
    "With FILE.html --url U or with https://...: print one recipe for a person.",
  list: "Combine recipe files (JSON or plain text) into one grouped shopping list; --json for JSON.",
  admin: "Manage accounts: `admin create --email E [--password P] [--first-name F] [--last-name L]`.",
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    "Usage: recipecart <command> [options]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, text]) => `  ${name.padEnd(width)}  ${text}`),
    "",
    "Run `recipecart <command> --help` for a command's options.",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(help() + "\n");
    return 0;
  }
  if (!(name in COMMANDS)) {
    process.stderr.write(`recipecart: unknown command '${name}'\n\n${help()}\n`);
    return 2;
  }
  const mod = (await import(`./commands/${name}.ts`)) as { run: (args: string[]) => Promise<number> };
  return mod.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`recipecart: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
