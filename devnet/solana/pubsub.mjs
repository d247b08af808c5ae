// Solana's WebSocket PubSub for the devnet node: signatureSubscribe, slotSubscribe,
// accountSubscribe and rootSubscribe (and their unsubscribes), with the real API's notification
// shapes. Enough for @solana/kit's sendAndConfirmTransactionFactory (signature + slot
// notifications) and for wallets that watch a balance. Notifications go out after each slot tick.
import { RpcError, SYSTEM_PROGRAM } from "./chain.mjs";
import { API_VERSION, stringifyJson } from "./rpc.mjs";

const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 };

export class SolanaPubSub {
  /** @param {import("./rpc.mjs").SolanaRpc} rpc the HTTP RPC (its chain, parameter checks, account rendering) */
  constructor(rpc) {
    this.rpc = rpc;
    this.chain = rpc.chain;
    this.nextId = 0;
    this.subs = new Map(); // id -> {kind, socket, ...}
    this.wss = null; // the `ws` server, loaded on the first upgrade (keeps ~0.15 s of CPU off start-up)
    this.onSlot = (slot) => this.#notifyAll(slot);
    this.chain.slotListeners.add(this.onSlot);
  }

  async #server() {
    if (!this.wss) {
      const { WebSocketServer } = await import("ws");
      this.wss ??= new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
      this.wss.on("connection", (socket) => this.#connect(socket));
    }
    return this.wss;
  }

  /** Hands an HTTP upgrade request over to the WebSocket server. */
  async handleUpgrade(req, socket, head) {
    try {
      const wss = await this.#server();
      if (this.closed) return socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
    } catch (err) {
      console.error(`[solana] websocket upgrade: ${err.message}`);
      socket.destroy();
    }
  }

  close() {
    this.closed = true;
    this.chain.slotListeners.delete(this.onSlot);
    for (const ws of this.wss?.clients ?? []) ws.terminate();
    this.wss?.close();
    this.subs.clear();
  }

  #connect(socket) {
    socket.on("message", (data) => {
      let req;
      try {
        req = JSON.parse(data.toString("utf8"));
      } catch {
        return this.#send(socket, { jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
      }
      const reqs = Array.isArray(req) ? req : [req];
      const answers = reqs.map((r) => this.#handle(socket, r));
      this.#send(socket, Array.isArray(req) ? answers.map((a) => a.answer) : answers[0].answer);
      for (const a of answers) a.after?.();
    });
    socket.on("close", () => {
      for (const [id, sub] of this.subs) if (sub.socket === socket) this.subs.delete(id);
    });
    socket.on("error", () => socket.terminate());
  }

  #send(socket, msg) {
    if (socket.readyState === socket.OPEN) socket.send(stringifyJson(msg));
  }

  #handle(socket, req) {
    const id = req && typeof req === "object" && "id" in req ? req.id : null;
    const fail = (code, message) => ({ answer: { jsonrpc: "2.0", error: { code, message }, id } });
    if (!req || typeof req !== "object" || req.jsonrpc !== "2.0" || typeof req.method !== "string") return fail(-32600, "Invalid request");
    const params = req.params ?? [];
    if (!Array.isArray(params)) return fail(-32602, "Invalid params: expected an array");
    try {
      const out = this.#call(socket, req.method, params);
      if (out === undefined) return fail(-32601, "Method not found");
      return { answer: { jsonrpc: "2.0", result: out.result, id }, after: out.after };
    } catch (err) {
      if (err instanceof RpcError) return fail(err.code, err.message);
      return fail(-32603, `Internal error: ${err.message}`);
    }
  }

  #config(params, i) {
    const c = params[i];
    if (c === undefined || c === null) return {};
    if (typeof c !== "object" || Array.isArray(c)) throw new RpcError(-32602, `Invalid params: expected a config object at position ${i}`);
    if (c.commitment !== undefined) this.chain.slotAt(c.commitment); // validates it
    return c;
  }

  #call(socket, method, params) {
    const subscribe = (sub, after) => {
      const subId = this.nextId++;
      this.subs.set(subId, { ...sub, id: subId, socket });
      return { result: subId, after: after && (() => after(subId)) };
    };
    const unsubscribe = (kind) => {
      const subId = params[0];
      const sub = this.subs.get(subId);
      if (!Number.isInteger(subId) || !sub || sub.socket !== socket || sub.kind !== kind) {
        throw new RpcError(-32602, "Invalid subscription id.");
      }
      this.subs.delete(subId);
      return { result: true };
    };
    switch (method) {
      case "signatureSubscribe": {
        const signature = params[0];
        this.rpc.getSignatureStatuses([[signature]]); // validates the signature
        const c = this.#config(params, 1);
        const commitment = c.commitment ?? "finalized";
        // A signature that has already reached the commitment is notified at once.
        return subscribe({ kind: "signature", signature, commitment }, (subId) => this.#checkSignature(this.subs.get(subId)));
      }
      case "slotSubscribe":
        return subscribe({ kind: "slot" });
      case "rootSubscribe":
        return subscribe({ kind: "root" });
      case "accountSubscribe": {
        const address = params[0];
        this.rpc.getBalance([address]); // validates the address
        const c = this.#config(params, 1);
        const commitment = c.commitment ?? "finalized";
        const encoding = c.encoding ?? "base58";
        if (!["base58", "base64", "jsonParsed"].includes(encoding)) {
          throw new RpcError(-32602, `Invalid params: unsupported encoding ${encoding}; use base58, base64 or jsonParsed`);
        }
        const view = { encoding, commitment };
        return subscribe({ kind: "account", address, commitment, view, last: this.#accountKey(address, commitment) });
      }
      case "signatureUnsubscribe":
        return unsubscribe("signature");
      case "slotUnsubscribe":
        return unsubscribe("slot");
      case "rootUnsubscribe":
        return unsubscribe("root");
      case "accountUnsubscribe":
        return unsubscribe("account");
      default:
        return undefined;
    }
  }

  #notify(sub, method, result) {
    this.#send(sub.socket, { jsonrpc: "2.0", method, params: { result, subscription: sub.id } });
  }

  #checkSignature(sub) {
    if (!sub) return;
    const r = this.chain.txs.get(sub.signature);
    if (!r) return;
    if (COMMITMENT_RANK[this.chain.statusOf(r.slot)] < COMMITMENT_RANK[sub.commitment]) return;
    this.subs.delete(sub.id); // a signature subscription ends with its notification
    this.#notify(sub, "signatureNotification", { context: { slot: this.chain.slotAt(sub.commitment) }, value: { err: r.err } });
  }

  #accountKey(address, commitment) {
    const acc = this.chain.getAccount(address, commitment);
    if (!acc) return "none";
    return `${acc.lamports}:${acc.owner}:${Buffer.from(acc.data).toString("base64")}`;
  }

  #notifyAll(slot) {
    const root = this.chain.slotAt("finalized");
    for (const sub of [...this.subs.values()]) {
      if (sub.kind === "slot") this.#notify(sub, "slotNotification", { parent: slot - 1, root, slot });
      else if (sub.kind === "root") this.#notify(sub, "rootNotification", root);
      else if (sub.kind === "signature") this.#checkSignature(sub);
      else if (sub.kind === "account") {
        const key = this.#accountKey(sub.address, sub.commitment);
        if (key === sub.last) continue;
        sub.last = key;
        const acc = this.chain.getAccount(sub.address, sub.commitment);
        // A closed account is notified as an empty system account, as a real node does.
        const shown = acc ?? { lamports: 0n, data: new Uint8Array(), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
        let value;
        try {
          value = this.rpc.renderAccount(shown, sub.view);
        } catch {
          continue; // e.g. base58 of more than 128 bytes: nothing to send in that encoding
        }
        this.#notify(sub, "accountNotification", { context: { apiVersion: API_VERSION, slot: this.chain.slotAt(sub.commitment) }, value });
      }
    }
  }
}
