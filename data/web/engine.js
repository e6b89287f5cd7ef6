/* engine.js -- the engine's protocol over the page's WebSocket: a command a
 * message ("ID name args"), the answer a message a line, the empty message
 * ending it (doc/protocol.md's framing, unchanged). Answers come in order,
 * so a queue of the commands sent matches them; the ids check it.
 * Licence: GPL-3.0-or-later, as the rest of Tabula. */
"use strict";

class Engine {
    /* on: { open(), close(code, reason), log(direction, line) } */
    constructor(url, on) {
        this.on = on;
        this.pending = [];
        this.nextId = 1;
        this.open = false;
        this.ws = new WebSocket(url);
        this.ws.onopen = () => { this.open = true; on.open(); };
        this.ws.onclose = e => {
            this.open = false;
            const err = { ok: false, text: "connection closed", lines: [], info: [] };
            for (const p of this.pending.splice(0)) p.resolve(err);
            on.close(e.code, e.reason);
        };
        this.ws.onmessage = e => this.receive(String(e.data));
    }

    /* Sends a command; resolves to { ok, text, lines, info } when its answer
     * is complete. onInfo(line) sees the info lines of a streaming answer. */
    send(command, onInfo) {
        return new Promise(resolve => {
            if (!this.open) {
                resolve({ ok: false, text: "not connected", lines: [], info: [] });
                return;
            }
            const id = this.nextId++;
            this.pending.push({ id, command, onInfo, resolve, lines: [], info: [], head: null });
            this.on.log("out", `${id} ${command}`);
            this.ws.send(`${id} ${command}`);
        });
    }

    /* "# interrupt": the running command stops (genmove plays its best move
     * so far, analyze ends, solve gives up); nothing when none runs. */
    interrupt() {
        if (!this.open) return;
        this.on.log("out", "# interrupt");
        this.ws.send("# interrupt");
    }

    /* a command is answering or waiting */
    busy() { return this.pending.length > 0; }

    receive(line) {
        this.on.log("in", line);
        const p = this.pending[0];
        if (!p) return;             /* nothing asked: not ours to read */
        if (p.head === null) {
            const m = /^([=?])(\d*)\s?(.*)$/.exec(line);
            if (!m) return;
            p.head = { ok: m[1] === "=", id: m[2] ? +m[2] : null };
            p.lines.push(m[3]);
            return;
        }
        if (line === "") {
            this.pending.shift();
            const body = p.lines.filter(l => !(p.onInfo && l.startsWith("info ")));
            p.resolve({ ok: p.head.ok, id: p.head.id, text: body.join("\n").trim(),
                        lines: body, info: p.info });
            return;
        }
        if (p.onInfo && line.startsWith("info ")) {
            p.info.push(line);
            p.onInfo(line);
            return;
        }
        p.lines.push(line);
    }

    close() { this.ws.close(); }
}

/* "info depth 12 score W17 nodes 123 nps 456 time 78 pv a b c" */
function parseInfo(line) {
    const m = /^info depth (\d+) score (\S+) nodes (\d+) nps (\d+) time (\d+) pv ?(.*)$/.exec(line);
    if (!m) return null;
    return { depth: +m[1], score: m[2], nodes: +m[3], nps: +m[4], time: +m[5],
             pv: m[6] === "-" ? [] : m[6].split(" ").filter(Boolean) };
}

/* A score as the protocol writes it, in words for the side it belongs to:
 * "wins in 17 plies" (a distance is in plies, a move of either side, as
 * the hint says it), "loses", "+84". */
function scoreWords(score) {
    let m = /^W(\d*)$/.exec(score);
    if (m) return { proven: 1, text: m[1] ? `wins in ${plies(m[1])}` : "wins" };
    m = /^L(\d*)$/.exec(score);
    if (m) return { proven: -1, text: m[1] ? `loses in ${plies(m[1])}` : "loses" };
    const v = parseInt(score, 10);
    return { proven: 0, value: v, text: (v > 0 ? "+" : "") + v };
}

/* "1 ply", "17 plies" */
function plies(n) { return +n === 1 ? "1 ply" : `${n} plies`; }
