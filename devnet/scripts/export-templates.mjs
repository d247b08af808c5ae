#!/usr/bin/env node
// Writes the /deploy page's contract templates (compiled by scripts/compile.mjs from
// contracts/templates/) into config/deploy-templates.json (read by the web app and by perch): per template its
// constructor ABI and creation bytecode, so that the page deploys exactly what the project's solc
// built. `--check` writes nothing and exits 1 when the file is out of date (the contract tests
// run it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadArtifact } from "./lib/devnet-lib.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = path.join(ROOT, "..", "config", "deploy-templates.json");
/** Template id (the page's and the server's name) → contract. */
export const TEMPLATES = { erc20: "DeployERC20", erc721: "DeployERC721", hello: "DeployHello" };

export function exportedText() {
  const templates = Object.entries(TEMPLATES).map(([id, contract]) => {
    const art = loadArtifact(contract);
    return { id, contract, abi: art.abi.filter((e) => e.type === "constructor"), bytecode: art.bytecode };
  });
  return `${JSON.stringify({ generated_by: "devnet/scripts/export-templates.mjs", templates }, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = exportedText();
  const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), OUT)} is out of date: run node devnet/scripts/export-templates.mjs`);
      process.exit(1);
    }
  } else if (current !== text) {
    fs.writeFileSync(OUT, text);
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  }
}
