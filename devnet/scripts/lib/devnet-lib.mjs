// Everything the runner, the smoke check and the tests share.
export * from "./nodes.mjs";
export * from "./deploy.mjs";
export * from "./ens.mjs";
