/* app.js -- the web board: what the page shows and what each click asks the
 * engine. Every fact comes from the engine over the protocol (games.js
 * only draws them): the games (list_games), their variants (list_variants),
 * the position, the legal moves, the result, the engine's thinking
 * (genmove_analyze), proofs (solve, winning_moves), the review of a game
 * (review, and tabula-web's review_legend for what its marks mean) and
 * records (getrecord, setrecord). Commands run one after another
 * (App.run); the engine answers in order. Licence: GPL-3.0-or-later, as
 * the rest of Tabula. */
"use strict";

const $ = id => document.getElementById(id);
const STORE = "tabula.board";
const PROOF_MS = 300;           /* the proof made after each move */
const PROVE_MS = 5000;          /* the Prove button's */
const HINT_MS = 2000;           /* at most, for a hint */

/* hint's VALUE in words: W12 wins in 12 plies, L, D, or a search score */
function hintWords(v) {
    const m = /^([WLD])(\d*)$/.exec(v);
    if (!m) return `score ${v}`;
    const what = { W: "wins", L: "loses", D: "draws" }[m[1]];
    return m[2] ? `${what} in ${plies(m[2])}` : what;
}

const App = {
    engine: null,
    game: Games.rastros,
    variantKeys: {},            /* game name -> list_variants' keys */
    variant: {},                /* game name -> { key: value } */
    engineSide: "1",            /* "none", "0", "1" or "both" */
    movetime: 1000,
    level: 0,                   /* the engine's strength: set_option level (0: full) */
    playerName: "",             /* yours in a saved record (players); "": the server's */
    options: {},                /* engine options typed in the Protocol panel (set_option
                                 * NAME VALUE; nodes, depth, ...) that no menu of the page
                                 * sets: kept with the game, set again after a reload */
    proofs: true,
    /* the game as the engine last told it */
    pos: "", st: null, history: [], legal: [], toMove: 0, over: false, result: "ongoing",
    stGame: "",                 /* the game whose position st is */
    last: null, captured: [], variantNow: {},
    recordNames: false,         /* the record's White and Black are a loaded record's
                                 * (Load record), not who plays here */
    cache: new Map(),           /* the history so far ("" at the start) -> position */
    proofCache: new Map(),      /* position -> { text, winning } */
    selected: null, hint: null, info: null, infoSide: 0,
    why: null,                  /* what the last click said, when it was no move:
                                 * shown in the status until the next click */
    whyNo: new Map(),           /* the engine's why_no_move for the position: a
                                 * place that starts no move ("7", "0") or "pass"
                                 * -> why ("the wall on 9 blocks its way") */
    infoGame: "", infoHist: "",   /* the game and history the engine's line is of */
    thinking: false,            /* a genmove_analyze is running */
    moving: false,              /* a move of the person's is on its way */
    typed: null,                /* a command typed in the Protocol panel, running */
    reviewing: null,            /* a review running: { stop } (stop: the person
                                 * asked it to stop) */
    proving: null,              /* the Prove button's proof running: { stop } */
    review: null,               /* the marks shown, of the game as it stands
                                 * (key): { key, moves, sides, stopped, asked,
                                 * legend, shown, fromRecord, first }: always the
                                 * engine's record's (getrecord's NAGs), with a
                                 * review made here's words (marksShown) */
    recordMarks: null,          /* the record whose marks the engine keeps: { text },
                                 * a record loaded with marks, as loaded, or the
                                 * game's at a review's end. The engine keeps them on
                                 * their moves undone too (a move played again, even
                                 * after a move off them and an Undo, has its mark
                                 * again); a reload loads it so (loadMarks). null
                                 * when the engine has none but the game record's
                                 * (a new game) */
    legends: new Map(),         /* game and variant -> review_legend, parsed */
    noteText: "",               /* the note's (say), shown while the board shows
                                 * the game as it stands */
    reviewView: null,           /* the history index of the marked move whose
                                 * position before it the board shows (while
                                 * the move has the focus), or null */
    downOnView: false,          /* a press on the board began on that view */
    refocusing: false,          /* render() gives a marked move its focus back */
    chain: Promise.resolve(),
    bgRunning: false, bgCancel: false,
    fgQueued: 0,                /* actions of the user's waiting in the queue */
    gen: 0,                     /* counts the positions seen */
    timings: [],                /* a person's moves: click to drawn, to the answer drawn */
    moveTiming: null, clickedAt: 0,
    log: [],

    /* ------------------------------------------------ the engine's queue */

    /* Runs fn after every command before it; a background fn (a proof, a
     * review, a command typed in the Protocol panel) is cut short when an
     * action of the user comes: the one running, and one that only starts
     * while the action waits behind it (each command it sends is then
     * interrupted at once: send). */
    run(fn, background) {
        if (!background) {
            this.fgQueued++;
            if (this.bgRunning) {
                this.bgCancel = true;
                this.engine.interrupt();
            }
        }
        const p = this.chain.then(async () => {
            if (!background) this.fgQueued--;
            this.bgRunning = !!background;
            this.bgCancel = !!background && this.fgQueued > 0;
            try { await fn(); } catch (e) { this.say(`error: ${e.message || e}`); console.error(e); }
            this.bgRunning = false;
        });
        this.chain = p;
        return p;
    },

    send(cmd, onInfo) {
        const r = this.engine.send(cmd, onInfo);
        if (this.bgRunning && this.bgCancel) this.engine.interrupt();
        return r;
    },

    /* ----------------------------------------------------------- start */

    start() {
        this.restoreSettings();
        const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
        this.engine = new Engine(url, {
            open: () => this.run(() => this.opened()),
            close: (code, reason) => this.closed(code, reason),
            log: (dir, line) => this.protoLog(dir, line)
        });
        this.bindControls();
    },

    async opened() {
        const own = this.ownGame();
        const ver = await this.send("version");
        if (!ver.ok) return;    /* closed at once (the server is full): closed() said why */
        $("conn").textContent = `engine: Tabula ${ver.text}`;
        $("conn").className = "conn ok";
        await this.send(`set_option level ${this.level}`);     /* the record names it */
        /* the options typed before the reload (the session is new) */
        for (const [k, v] of Object.entries(this.options))
            if (!(await this.send(`set_option ${k} ${v}`)).ok) delete this.options[k];
        const games = await this.send("list_games");
        const sel = $("game");
        sel.innerHTML = "";
        for (const name of games.text.split("\n")) {
            if (!Games[name]) continue;     /* a game this page cannot draw */
            const o = document.createElement("option");
            o.value = name;
            o.textContent = Games[name].title;
            sel.appendChild(o);
        }
        for (const name of Object.keys(Games)) {
            const r = await this.send(`list_variants ${name}`);
            this.variantKeys[name] = r.ok ? parseVariants(r.text) : [];
        }
        const saved = this.saved();
        this.setGame(saved && saved.game && Games[saved.game] ? saved.game : "rastros");
        if (saved && saved.record) {
            /* the kept game's players are who plays here now (players), unless
             * they are a loaded record's */
            const named = t => saved.recordNames ? t : withoutPlayers(t);
            const text = named(saved.record);
            const r = await this.send(`setrecord ${encodeURIComponent(text)}`);
            if (r.ok) {
                await this.learnPositions(text);
                /* a loaded record's marks on its moves undone too, as the
                 * engine had them: a move of it played again after the
                 * reload has its mark again, as without a reload */
                const marks = typeof saved.marks === "string" ? named(saved.marks) : null;
                this.recordMarks = marks && await this.loadMarks(marks, text) ?
                    { text: marks } : null;
                this.recordNames = !!saved.recordNames;
                await this.syncGame();
                await this.sendPlayers();
                this.say(own ? "Your game is back." : "The game of your last visit is back.");
                /* the marks of the game's record are shown (refresh): a new
                 * tab opened on the last game shows them as well, and
                 * makes no review again, which would take the engine's time */
                await this.refresh();
                if (this.review) {
                    this.review.first = true;
                    this.render();
                }
                /* the tab's review (made again: the session is new) */
                if (own && saved.review === true && !$("review").disabled) {
                    this.startReview();
                    this.say("Your game is back; its review is being made again.");
                }
                return;
            }
        }
        await this.newGame();
        await this.sendPlayers();
    },

    closed(code, reason) {
        this.thinking = false;
        this.moving = false;
        this.selected = null;
        $("conn").textContent = reason ? `disconnected: ${reason}` :
            `disconnected (${code}): reload the page to connect again`;
        $("conn").className = "conn bad";
        this.render();          /* no turn and no marked squares any more */
        this.updateButtons();
    },

    /* ----------------------------------------------------- the settings */

    /* This tab's game and settings (sessionStorage: a reload of the tab
     * finds them, another tab does not see them); a tab that has none yet
     * (a new one) takes the most recent game of any tab (localStorage). */
    saved() {
        for (const where of [sessionStorage, localStorage]) {
            try {
                const s = JSON.parse(where.getItem(STORE) || "null");
                if (s) return s;
            } catch (e) { /* private mode, or not JSON */ }
        }
        return null;
    },

    /* The tab's own game was kept (a reload), not another tab's. */
    ownGame() {
        try { return !!sessionStorage.getItem(STORE); } catch (e) { return false; }
    },

    restoreSettings() {
        const s = this.saved();
        if (!s) return;
        if (["none", "0", "1", "both"].includes(s.engineSide)) this.engineSide = s.engineSide;
        if (s.movetime) this.movetime = s.movetime;
        if (Number.isInteger(s.level) && s.level >= 0 && s.level <= 5) this.level = s.level;
        if (typeof s.proofs === "boolean") this.proofs = s.proofs;
        if (typeof s.name === "string") this.playerName = cleanName(s.name);
        if (s.variant) this.variant = s.variant;
        /* names and values of one word each (a line of the protocol) */
        if (s.options && typeof s.options === "object")
            for (const [k, v] of Object.entries(s.options))
                if (/^[a-z_]+$/.test(k) && typeof v === "string" && /^[^\s#]+$/.test(v))
                    this.options[k] = v;
        $("playername").value = this.playerName;
        $("movetime").value = String(this.movetime);
        $("level").value = String(this.level);
        $("proofs").checked = this.proofs;
    },

    store(record) {
        const s = { game: this.game.name, engineSide: this.engineSide, movetime: this.movetime,
                    level: this.level, name: this.playerName, proofs: this.proofs,
                    options: this.options,
                    variant: this.variant, recordNames: this.recordNames,
                    /* a review made here running or shown whole, of the game
                     * kept (the record kept has the marks; marks: a record
                     * loaded, whose marks the engine keeps on its moves undone
                     * too) */
                    review: !!(this.reviewing || (this.review && !this.review.fromRecord &&
                                                  !this.review.stopped)),
                    marks: this.recordMarks ? this.recordMarks.text : undefined,
                    record: record !== undefined ? record : (this.saved() || {}).record };
        for (const where of [sessionStorage, localStorage])
            try { where.setItem(STORE, JSON.stringify(s)); } catch (e) { /* private mode */ }
    },

    /* ------------------------------------------------- game and variant */

    setGame(name) {
        this.game = Games[name];
        this.gen++;             /* what was queued for the game before is dropped */
        $("game").value = name;
        this.buildVariantForm();
        this.buildEngineSide();
        this.showRules();
    },

    /* The form of the variant keys, from the engine's list_variants. */
    buildVariantForm() {
        const box = $("variant"), name = this.game.name;
        box.innerHTML = "";
        const values = this.variant[name] || {};
        for (const k of this.variantKeys[name] || []) {
            const label = document.createElement("label");
            label.title = k.help;
            label.append(k.name + " ");
            let input;
            if (k.type === "int" || k.type === "choice") {
                input = document.createElement("select");
                const choices = k.type === "int" ? [] : k.choices;
                if (k.type === "int")
                    for (let v = k.min; v <= k.max; v += k.step) choices.push(String(v));
                if (k.def === "-")  /* the game derives it from the other keys */
                    choices.unshift("");
                for (const c of choices) {
                    const o = document.createElement("option");
                    o.value = c;
                    o.textContent = c || "(default)";
                    input.appendChild(o);
                }
                input.value = values[k.name] || (k.def === "-" ? "" : k.def);
            } else {
                input = document.createElement("input");
                input.size = 4;
                input.placeholder = k.def === "-" ? "default" : k.def;
                input.value = values[k.name] || "";
                input.pattern = "[a-zA-Z][0-9]{1,2}";
            }
            input.dataset.key = k.name;
            input.dataset.def = k.def;
            label.appendChild(input);
            box.appendChild(label);
        }
    },

    /* The form's variant: the newgame words and the values (kept for the
     * game once the engine has taken them). */
    variantWords() {
        const words = [], values = {};
        for (const input of $("variant").querySelectorAll("[data-key]")) {
            const v = input.value.trim();
            if (!v) continue;
            values[input.dataset.key] = v;
            if (v !== input.dataset.def) words.push(`${input.dataset.key}=${v}`);
        }
        return { words, values };
    },

    buildEngineSide() {
        const sel = $("engineside"), g = this.game;
        sel.innerHTML = "";
        for (const [value, text] of [["none", "nobody"], ["0", g.sideLabel(0)],
                                     ["1", g.sideLabel(1)], ["both", "both sides"]]) {
            const o = document.createElement("option");
            o.value = value;
            o.textContent = text;
            sel.appendChild(o);
        }
        sel.value = this.engineSide;
    },

    async newGame() {
        const { words, values } = this.variantWords();
        const r = await this.send(["newgame", this.game.name, ...words].join(" "));
        if (!r.ok) {
            if (!this.engine.open) return;
            this.say(`The engine refused the variant: ${r.text}`);
            /* the engine plays on the game it had: when another game was
             * chosen, the page goes back to it (its board, rules and form),
             * and the chosen game's variant is forgotten (the next choice of
             * it starts its default) */
            if (await this.changedSince()) {
                delete this.variant[this.game.name];
                await this.syncGame();
                this.render();
            }
            return;
        }
        this.variant[this.game.name] = values;
        this.recordNames = false;
        this.cache.clear();
        this.info = null;
        this.review = null;
        this.recordMarks = null;
        this.say("");
        $("banner").hidden = true;
        await this.refresh();
    },

    /* Who plays, for the names a saved record gives the players (tabula-web's
     * players: the engine's side, Tabula and its level, and yours, the name
     * given or else the server's); the names answered show what an empty
     * name box gives. */
    async sendPlayers() {
        const side = { none: "none", both: "both" }[this.engineSide] ||
            this.game.sides[+this.engineSide];
        const r = await this.send(["players", side, this.playerName].filter(Boolean).join(" "));
        const you = [0, 1].filter(i => !this.engineControls(i));
        if (r.ok && you.length === 1 && !this.playerName) {
            const name = r.text.split("\n")[you[0]];
            $("playername").placeholder = name && name !== "?" ? name : "your name";
        }
    },

    /* The game the engine plays now (after setrecord, or a command typed in
     * the protocol panel). */
    async syncGame() {
        const r = await this.send("gogui-rules_game_id");
        const name = r.ok ? r.text.toLowerCase() : "";
        if (!Games[name]) return;
        /* the variant form shows the variant played (its record's Variant tag) */
        const rec = await this.send("getrecord");
        if (rec.ok) this.variant[name] = recordVariant(decodeURIComponent(rec.text));
        if (name !== this.game.name) this.setGame(name);
        else this.buildVariantForm();
    },

    /* ------------------------------------------------------ the position */

    engineControls(side) {
        return this.engineSide === "both" || this.engineSide === String(side);
    },

    /* The side that made the game's first move (0 or 1): the side to move
     * before it, as the record numbers the moves (savegame's "1... e3-a3"
     * when player 2 begins, Tablut's Ashton rules) */
    firstSide() {
        return ((this.toMove - this.history.length) % 2 + 2) % 2;
    },

    humanTurn() {
        return !this.over && !this.thinking && !this.moving && !this.engineControls(this.toMove) &&
            this.engine.open;
    },

    async refresh() {
        /* why_no_move where the game's clicks say why (whyNot): the reasons
         * are the engine's, fetched with the position so that a click can
         * say them at once */
        const [pos, hist, legal, stm, over, rec, why] = await Promise.all([
            this.send("getposition"), this.send("history"), this.send("legal_moves"),
            this.send("side_to_move"), this.send("game_over"), this.send("getrecord"),
            this.game.whyNot ? this.send("why_no_move") : null]);
        if (!pos.ok) return;
        const g = this.game;
        const record = rec.ok ? decodeURIComponent(rec.text) : "";
        /* the marks' legend, asked before anything of the position changes */
        const legend = await this.legendOf(record);
        this.pos = pos.text;
        this.st = g.parse(pos.text);
        this.stGame = g.name;
        this.history = hist.text ? hist.text.split(/\s+/) : [];
        this.legal = legal.text ? legal.text.split(/\s+/) : [];
        /* its lines "FROM REASON", a number range's hyphen set as a dash */
        this.whyNo = new Map((why && why.ok && why.text ? why.text.split("\n") : []).map(l => {
            const i = l.indexOf(" ");
            return [l.slice(0, i), l.slice(i + 1).replace(/(\d)-(\d)/g, "$1\u2013$2")];
        }));
        this.toMove = Math.max(0, g.sides.indexOf(stm.text));
        this.result = over.text;
        this.over = over.text !== "ongoing";
        const key = this.history.join(" ");
        this.cache.set(key, this.pos);
        /* the engine's line is shown while the game goes on from its move:
         * not after an undo past it, nor in another game (a newgame or
         * setrecord typed in the Protocol panel) */
        if (this.info && !this.thinking &&
            !(this.infoGame === g.name && (key + " ").startsWith(this.infoHist + " ")))
            this.info = null;
        const prevPos = this.history.length ? this.cache.get(this.history.slice(0, -1).join(" ")) : null;
        const prev = prevPos ? g.parse(prevPos) : null;
        const lastMove = this.history[this.history.length - 1];
        /* the marks shown are the engine's record's, of the game as it
         * stands (a review made here is of the game as it was reviewed: a
         * move, an undo, another game or record ends it, and its marks
         * are then the record's that the engine keeps) */
        if (this.review && this.review.key !== this.reviewKey()) {
            this.review = null;
            this.reviewView = null;
        }
        if (!this.reviewing && rec.ok) this.review = this.marksShown(record, legend);
        this.variantNow = recordVariant(record);
        this.last = this.history.length ? g.lastMove(prev, this.st, lastMove, this.history) : null;
        this.captured = this.last ? g.captured(prev, this.st, this.last, lastRecordMove(record)) : [];
        this.selected = null;
        this.why = null;
        this.hint = null;
        this.gen++;
        this.moving = false;    /* the position it was made in is gone */
        if (rec.ok) this.store(record);
        this.render();
        this.next();
    },

    /* What happens next: the engine's move, or a proof for the player. */
    next() {
        if (this.over || !this.engine.open) return;
        if (this.engineControls(this.toMove)) {
            const gen = this.gen;
            this.run(() => gen === this.gen ? this.engineMove() : null);
        } else if (this.proofs && this.game.autoProve !== false && !this.proofCache.has(this.pos)) {
            const gen = this.gen;
            this.run(() => gen === this.gen ? this.prove(PROOF_MS, true) : null, true);
        }
    },

    /* ------------------------------------------------------------ moves */

    /* A move of the person's (a click, the Pass button, the Move box): sent
     * for the side to move now, if it is the person's; until it is answered
     * and the new position drawn, the board takes no other. */
    humanMove(move) {
        if (!this.humanTurn()) return;
        const side = this.toMove, gen = this.gen;
        this.moving = true;
        this.selected = null;
        this.render();
        this.run(async () => {
            try {
                if (gen === this.gen) await this.play(move, side);
            } finally {
                if (this.moving) {          /* refused, or dropped */
                    this.moving = false;
                    if (gen === this.gen) this.render();
                }
            }
        });
    },

    async play(move, side) {
        const t0 = this.clickedAt || performance.now();
        this.clickedAt = 0;
        const r = await this.send(`play ${this.game.sides[side]} ${move}`);
        if (!r.ok) {
            this.say(`Refused: ${r.text}`);
            return;
        }
        this.say("");
        this.moveTiming = { drawn: 0 };
        await this.refresh();
        this.moveTiming.drawn = performance.now() - t0;
        this.moveTiming.t0 = t0;
        this.timings.push(this.moveTiming);
        if (this.timings.length > 100) this.timings.shift();
    },

    async engineMove() {
        if (this.over || !this.engineControls(this.toMove)) return;
        const side = this.toMove, game = this.game;
        this.thinking = true;
        this.info = null;
        this.infoSide = side;
        this.render();
        await this.send(`set_option movetime ${this.movetime}`);
        const level = this.level;
        await this.send(`set_option level ${level}`);
        const t0 = performance.now(), timing = this.moveTiming;
        this.moveTiming = null;
        const r = await this.send(`genmove_analyze ${this.game.sides[side]} 10`, line => {
            const i = parseInfo(line);
            /* a proof is not replaced by a heuristic look after it */
            if (i && !(this.info && isProven(this.info) && !isProven(i))) this.info = i;
            this.showThinking();
        });
        this.thinking = false;
        if (game !== this.game) return;     /* another game was chosen meanwhile */
        if (!r.ok) {
            this.say(`The engine could not move: ${r.text}`);
            this.render();
            return;
        }
        const move = r.text.replace(/^play\s+/, "");
        this.info = lineOf(r.info.map(parseInfo).filter(Boolean), move);
        /* no line at all: a level's move (levels report no search), or a
         * move played without a search */
        if (!r.info.length) this.info.bare = { level };
        this.infoGame = game.name;
        this.infoHist = [...this.history, move].join(" ");
        this.say(`${this.game.shortLabel(side)} (engine) played ${move} ` +
                 `in ${Math.round(performance.now() - t0)} ms.`);
        const think = performance.now() - t0;
        await this.refresh();
        if (timing) {           /* from the click before to this move drawn */
            timing.answered = performance.now() - timing.t0;
            timing.think = think;
        }
    },

    /* Undo: back to the last position where a person is to move. */
    async undo() {
        if (this.engineSide === "both") {
            this.engineSide = "none";
            $("engineside").value = "none";
            await this.sendPlayers();
        }
        let n = 0;
        this.say("");
        do {
            const r = await this.send("undo");
            if (!r.ok) break;
            n++;
            const stm = await this.send("side_to_move");
            this.toMove = Math.max(0, this.game.sides.indexOf(stm.text));
            const h = await this.send("history");
            if (!h.text) break;
        } while (this.engineControls(this.toMove));
        if (!n) this.say("Nothing to undo.");
        $("banner").hidden = true;
        await this.refresh();
    },

    async showHint() {
        if (this.over) return;
        await this.send(`set_option movetime ${Math.min(this.movetime, HINT_MS)}`);
        await this.send("set_option level 0");      /* a hint at full strength */
        const r = await this.send("hint 3");
        await this.send(`set_option level ${this.level}`);     /* the record names it */
        if (!r.ok) { this.say(`No hint: ${r.text}`); return; }
        /* "MOVE VALUE LOSS" a line, best first */
        const ranked = r.text.split("\n").map(l => l.trim().split(/\s+/)).filter(w => w.length >= 2);
        if (!ranked.length) { this.say("No hint: no move"); return; }
        const best = ranked[0][0], parts = this.game.split(best);
        this.hint = parts.length === 2 ? { from: parts[0], to: parts[1], move: best }
                                       : { to: parts[0], move: best };
        /* drawn on the game as it stands, not on a marked move's position
         * (h typed while a marked move has the focus) */
        this.reviewView = null;
        /* a score is the search's, from the side to move's view: say whose
         * (a bare "score -983" read as either side's) */
        const scores = ranked.some(([, v]) => !/^[WLD]\d*$/.test(v));
        this.say("Hint: " + ranked.map(([m, v]) => `${m} (${hintWords(v)})`).join(", then ") +
                 (scores ? ` — a score is the search's, for ${this.game.sideLabel(this.toMove)}` : ""));
        this.render();
    },

    /* solve (and winning_moves when the position is won) within ms. */
    async prove(ms, background) {
        if (this.over) return;
        const pos = this.pos, side = this.toMove, g = this.game;
        await this.send(`set_option movetime ${ms}`);
        if (background && this.bgCancel) return;
        const r = await this.send("solve");
        let text, winning = [];
        if (r.ok) {
            /* "win e5 in 3", "draw e5", "loss in 4", "loss" */
            const m = /^(win|loss|draw)(?: (?!in )(\S+))?(?: in (\d+))?/.exec(r.text);
            const who = g.shortLabel(side);
            if (m[1] === "win") text = `${who} ${agree(who, "wins")}` + (m[3] ? ` in ${plies(m[3])}` : "") + ` (proven)`;
            else if (m[1] === "loss") text = `${who} ${agree(who, "loses")}` + (m[3] ? ` in ${plies(m[3])}` : "") +
                ` (proven): ${g.shortLabel(1 - side)} ${agree(g.shortLabel(1 - side), "wins")} with best play`;
            else text = `draw with best play (proven)`;
            if (m[1] === "win" && !(background && this.bgCancel)) {
                const w = await this.send("winning_moves");
                /* cut short: asked again later, not kept without its moves */
                if (!w.ok && /interrupted/.test(w.text) && background) return;
                if (w.ok && w.text) winning = w.text.split(/\s+/);
                if (winning.length) text += `; winning moves: ${winning.join(", ")}`;
            } else if (m[2]) {
                text += `; ${m[1] === "draw" ? "a drawing" : "the best"} move: ${m[2]}`;
            }
        } else if (/interrupted/.test(r.text) && background) {
            return;             /* cut short by a click: ask again later */
        } else {
            text = `not proven within ${ms / 1000} s` +
                (g.name === "tablut" ? " (Tablut is far too deep to prove)" : "");
        }
        this.proofCache.set(pos, { text, winning: new Set(winning) });
        if (pos === this.pos) this.render();
    },

    /* Prove (v): solve within PROVE_MS. Like the proof made as we play, it
     * does not hold the board: your move, Undo, New game or Hint ends it at
     * once (# interrupt), and so does Stop (m). */
    startProve() {
        if ($("prove").disabled) return;
        if (this.bgRunning) {           /* a proof made as we play gives way */
            this.bgCancel = true;
            this.engine.interrupt();
        }
        /* of the game as it stands, not of a marked move's position (v
         * typed while a marked move has the focus): the board shows it */
        this.reviewView = null;
        this.run(async () => {
            if (this.over) return;
            this.proofCache.delete(this.pos);
            this.proving = { stop: false };
            this.render();
            let stopped = false;
            try {
                await this.prove(PROVE_MS, true);
                stopped = this.proving.stop && !this.proofCache.has(this.pos);
            } finally { this.proving = null; }
            if (stopped) this.say("The proof was stopped before it was done.");
            this.render();
        }, true);
    },

    /* ------------------------------------------------------ the review */

    /* The game a review is of: the game, its moves and where they led. */
    reviewKey() {
        return `${this.game.name}\n${this.history.join(" ")}\n${this.pos}`;
    },

    /* Review game (r): every move judged against the engine's best (review).
     * Like a command typed in the panel, it does not hold the board: Stop
     * (m), or your next move, Undo or New game, ends it (# interrupt), and
     * the moves reviewed so far are shown. */
    startReview() {
        if ($("review").disabled) return;
        /* a proof under way gives way at once, as to any action of yours */
        if (this.bgRunning) {
            this.bgCancel = true;
            this.engine.interrupt();
        }
        this.reviewing = { stop: false };
        this.review = null;
        this.store();
        this.render();
        this.run(() => this.doReview(), true);
    },

    async doReview() {
        let r, legend;
        const key = this.reviewKey(), gen = this.gen;
        try {
            /* the review's own budgets (nodes), not the time of the last
             * move or proof: the same game gets the same review */
            await this.send("set_option movetime 0");
            r = await this.send("review");
            if (r.ok) legend = await this.send("review_legend");
        } finally {
            const asked = this.reviewing && this.reviewing.stop;
            this.reviewing = null;
            /* (a move of yours that stopped it is on its way: the review
             * would be of the game before it) */
            if (r && r.ok && key === this.reviewKey() && !this.moving) {
                this.review = Object.assign(parseReview(r.text), {
                    key, asked: asked || this.bgCancel, shown: null, first: true,
                    legend: parseLegend(legend && legend.ok ? legend.text : "") });
                const n = [...this.review.moves.values()].filter(j => j.mark).length;
                /* a review stopped judged only the first moves: not "no
                 * moves marked" of a whole game */
                const st = this.review.stopped;
                this.say(st ? `The review stopped after ${st.done} of ${st.total} moves: ` +
                         (n ? `${n} of them marked in the move list.` : "none of them marked.") :
                         `The review marked ${n || "no"} move${n === 1 ? "" : "s"}` +
                         (n ? " in the move list." : "."));
            } else if (r && !r.ok && this.engine.open) {
                this.say(`No review: ${r.text}`);
            }
            /* the marks as the engine keeps them in the record: the
             * review's, and a record's on a move it did not reach (it was
             * stopped) or did not mark; the record's alone when it is
             * not shown */
            const record = this.engine.open ? await this.showMarks() : null;
            /* the engine's marks are now those of the game's record, on
             * its moves to be undone too (a reload loads them so) */
            if (r && r.ok)
                this.recordMarks = record && hasMarks(record) ? { text: record } : null;
            this.store();
            if (gen === this.gen) this.render();
            /* the review in view (below the move list it marks) */
            const box = $("reviewpane").getBoundingClientRect();
            if (this.review && box.bottom > window.innerHeight)
                window.scrollBy(0, Math.min(box.bottom - window.innerHeight + 8, box.top - 8));
        }
        this.next();        /* the proof the review cut short, if any */
    },

    /* A value as review writes it (hint's: W12, L, D, or a search score of
     * the mover's) in words; a score with its expected result, out of 100,
     * by the game's scale (review_legend) */
    reviewValue(v) {
        const scale = this.review.legend.scale;
        if (/^[WLD]/.test(v) || !scale) return hintWords(v);
        return `${hintWords(v)}, an expected result of ${expected(+v, scale)} out of 100`;
    },

    /* The side the person plays, -1 when none or both. */
    personSide() {
        const you = [0, 1].filter(i => !this.engineControls(i));
        return you.length === 1 ? you[0] : -1;
    },

    /* "2. c5?? (blunder) — for White: loses in 12 plies; best was e5: wins
     * in 1 ply." */
    reviewWords(j) {
        const name = markName(this.review.legend, j.mark);
        return `${moveNumber(j.ply, this.firstSide())} ${j.move}${j.mark}` +
            (name ? ` (${name})` : "") + ` — ${this.reviewValues(j)}`;
    },

    /* reviewWords' values: "for White: loses in 12 plies; best was e5:
     * wins in 1 ply." */
    reviewValues(j) {
        const g = this.game, legend = this.review.legend, side = g.sides.indexOf(j.side);
        const who = side >= 0 && side === this.personSide() ? "you" : g.shortLabel(side);
        if (j.value === null)       /* a record's mark with no review's words */
            return "so marked in the record, which gives no values.";
        if (j.mark === "!") return `for ${who}: ${this.reviewValue(j.value)}, kept by this move alone.`;
        const best = j.best === "-" ? "the best move is not known" :
            j.best === j.move ? "it was the best move" : `best was ${j.best}`;
        if (!/^[WLD]/.test(j.value) && j.bestValue !== null && !/^[WLD]/.test(j.bestValue) &&
            legend.scale)
            return `the search's expected result for ${who} drops from ` +
                `${expected(+j.bestValue, legend.scale)} to ${expected(+j.value, legend.scale)} ` +
                `out of 100 (score ${j.bestValue}, then ${j.value}); ${best}.`;
        return `for ${who}: ${this.reviewValue(j.value)}; ${best}` +
            (j.best === "-" || j.best === j.move ? "." : `: ${this.reviewValue(j.bestValue)}.`);
    },

    /* The review panel: what runs or what was found, the words of the move
     * chosen in the list, each side's figures and the marks' legend. */
    showReview() {
        const pane = $("reviewpane"), rv = this.review, g = this.game;
        pane.hidden = !rv && !this.reviewing;
        if (pane.hidden) return;
        const summary = $("reviewsummary"), legendList = $("reviewlegend");
        if (!rv) {
            $("reviewstate").textContent = "Reviewing the game: each move against the engine's " +
                "best… Stop (m) ends it.";
            $("reviewdetail").textContent = "";
            summary.innerHTML = "";
            legendList.innerHTML = "";
            return;
        }
        const marked = [...rv.moves.values()].filter(j => j.mark).length;
        let state = rv.fromRecord ?
            `The record's marks (Review game judges the moves again): ` : rv.stopped ?
            `Review stopped after ${rv.stopped.done} of ${rv.stopped.total} moves ` +
            `(${rv.asked ? "you stopped it" : "the server's time limit for a command"}): ` :
            `Review of ${rv.moves.size} move${rv.moves.size === 1 ? "" : "s"}: `;
        state += marked ? `${marked} marked in the list.` : "no move marked.";
        if (marked && rv.shown === null) state += " Click or Tab to one to see why.";
        $("reviewstate").textContent = state;
        const j = rv.shown !== null ? rv.moves.get(rv.shown) : null;
        $("reviewdetail").textContent = j ? this.reviewWords(j) : "";
        for (const el of $("movelist").querySelectorAll("[data-ply]"))
            el.classList.toggle("shown", +el.dataset.ply === rv.shown);
        /* each side's figures: a column a side, a row a figure */
        const you = this.personSide();
        const cols = [0, 1].map(i => ({ label: g.shortLabel(i) + (i === you ? " (you)" : ""),
                                        f: rv.sides[g.sides[i]] || {} }));
        const rows = [["", "moves", "moves"]].concat(
            [["!", "only"], ["?", "mistakes"], ["??", "blunders"]].map(([mk, key]) =>
                [mk, key, markName(rv.legend, mk) ? markName(rv.legend, mk) + "s" : key]));
        summary.innerHTML = "";
        const cap = summary.createCaption();
        cap.textContent = "Each side";
        const head = summary.createTHead().insertRow();
        head.appendChild(document.createElement("td"));
        for (const c of cols) {
            const th = document.createElement("th");
            th.scope = "col";
            th.textContent = c.label;
            head.appendChild(th);
        }
        const body = summary.createTBody();
        for (const [mk, key, words] of rows) {
            const tr = body.insertRow(), th = document.createElement("th");
            th.scope = "row";
            if (mk) th.appendChild(markChip(mk));
            th.append(words);
            tr.appendChild(th);
            for (const c of cols) tr.insertCell().textContent = key in c.f ? c.f[key] : "–";
            tr.dataset.figure = key;
        }
        /* the marks in the engine's words (review_legend) */
        legendList.innerHTML = "";
        for (const k of rv.legend.marks) {
            const li = document.createElement("li");
            const words = document.createElement("span");
            words.textContent = `${k.name}: ${k.words}`;
            li.append(markChip(k.mark), words);
            legendList.appendChild(li);
        }
    },

    /* A marked move chosen in the list (a click, the focus, Enter): its
     * words, and on the board the position it was played in, the move
     * played and the best one drawn (until the focus leaves it) */
    showMark(el) {
        if (!this.review || !el) return;
        const ply = +el.dataset.ply;
        if (this.review.shown === ply && this.reviewView === ply) return;
        this.review.shown = ply;
        this.reviewView = ply;
        this.render();
    },

    /* The board back to the game as it stands */
    leaveView() {
        if (this.reviewView === null) return;
        this.reviewView = null;
        this.render();
    },

    /* The position before the marked move shown (reviewView), or null:
     * { j, st } (st null when the page does not know that position), with
     * the move played and the best one as the board draws moves */
    boardView() {
        const rv = this.review, g = this.game;
        if (!rv || this.reviewView === null) return null;
        const j = rv.moves.get(this.reviewView);
        if (!j) return null;
        const pos = this.cache.get(this.history.slice(0, this.reviewView).join(" "));
        if (!pos) return { j, st: null };
        const st = g.parse(pos);
        return { j, pos, st, played: drawnMove(g, st, j.move),
                 best: j.best === "-" ? null : drawnMove(g, st, j.best) };
    },

    /* What the board shows of a marked move, in words */
    viewWords(view) {
        const g = this.game, j = view.j, name = markName(this.review.legend, j.mark);
        const head = `${moveNumber(j.ply, this.firstSide())} ${j.move}${j.mark}` +
            (name ? ` (${name})` : "");
        if (!view.st)
            return `${head}: the page does not know the position it was played in; the board ` +
                "shows the game as it stands.";
        const side = g.sides.indexOf(j.side);
        const where = `Before ${head}, ${g.shortLabel(side)} to move: `;
        const back = " A click or tap elsewhere (or Esc) shows the game again.";
        if (j.best === "-" || j.best === j.move)
            return where + `${j.move}, ` +
                (j.best === "-" ? "played, is drawn (the best move is not known)." :
                 j.mark === "!" ? "the only move that keeps the value, is drawn." :
                 "the best move, is drawn.") + back;
        return where + `${j.move}, played, is drawn solid; ${j.best}, the best, dashed.` + back;
    },

    /* ------------------------------------------------------- the board */

    /* The clickable keys: one-click games take a target, two-click games a
     * source and then a target. */
    marks() {
        const g = this.game, sources = new Set(), targets = new Set();
        const proof = this.proofCache.get(this.pos);
        const winning = new Set();
        if (this.humanTurn()) {
            for (const m of this.legal) {
                const p = g.split(m);
                if (p.length === 1) { if (m !== "pass") targets.add(p[0]); continue; }
                sources.add(p[0]);
                if (p[0] === this.selected) targets.add(p[1]);
            }
        }
        if (proof) {
            for (const m of proof.winning) {
                const p = g.split(m);
                if (p.length === 1) winning.add(p[0]);
                else if (!this.selected) winning.add(p[0]);
                else if (p[0] === this.selected) winning.add(p[1]);
            }
        }
        return { sources, targets, winning };
    },

    click(key) {
        if (!this.humanTurn()) return;
        this.clickedAt = performance.now();
        const g = this.game;
        const one = this.legal.find(m => g.split(m).length === 1 && m === key);
        if (one) { this.humanMove(one); return; }
        if (this.selected) {
            const m = this.legal.find(x => { const p = g.split(x); return p[0] === this.selected && p[1] === key; });
            if (m) { this.humanMove(m); return; }
        }
        const isSource = this.legal.some(x => g.split(x).length === 2 && g.split(x)[0] === key);
        /* a click that is no move's start nor a picked piece's end: the
         * game says why, where it can (Grasshopper: "7 has no move: the wall
         * on 9 blocks its way"); the pick is dropped as before */
        this.why = !isSource && key !== this.selected && g.whyNot ?
            g.whyNot(this.st, this.toMove, key, this.selected, this.whyNo) : null;
        this.selected = isSource && this.selected !== key ? key : null;
        this.render();
        if (this.selected) {
            const el = document.querySelector("#board .target");
            if (el && document.activeElement && document.activeElement.closest("#board")) el.focus();
        }
    },

    render() {
        /* a game just chosen: the position drawn is still the other game's,
         * which the chosen game's drawing cannot read (until refresh) */
        if (!this.st || this.stGame !== this.game.name) return;
        const g = this.game, mk = this.marks();
        const focusedKey = document.activeElement && document.activeElement.dataset
            ? document.activeElement.dataset.key : null;
        const board = $("board");
        if (!this.review) this.reviewView = null;       /* the game changed */
        /* a marked move in view: the position it was played in, the move
         * played (in the mark's colour) and the best (as a hint), and nothing
         * to click; else the game as it stands */
        const view = this.boardView(), past = view && view.st;
        board.innerHTML = past ?
            g.draw({ state: view.st, variant: this.variantNow, last: view.played, captured: [],
                     selected: null, sources: new Set(), targets: new Set(), hint: view.best,
                     winning: new Set() }) :
            g.draw({ state: this.st, variant: this.variantNow, last: this.last,
                    captured: this.captured,
                    selected: this.selected, sources: mk.sources, targets: mk.targets,
                    hint: this.hint, winning: mk.winning });
        board.dataset.view = past ? String(this.reviewView) : "";
        board.dataset.viewPosition = past ? view.pos : "";
        board.dataset.position = this.pos;
        board.dataset.history = this.history.join(" ");
        board.dataset.tomove = g.sides[this.toMove];
        board.dataset.over = this.over ? "1" : "0";
        board.dataset.thinking = this.thinking ? "1" : "0";
        board.dataset.game = g.name;
        board.className = "boardwrap" + (g.wide ? " wide" : "") +
            (past ? " past " + markClass(view.j.mark) : "");
        if (focusedKey) {
            const el = board.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`);
            if (el && el.getAttribute("tabindex") === "0") el.focus();
        }
        /* status and banner */
        const who = g.sideLabel(this.toMove);
        let status;
        if (this.over) status = "Game over.";
        else if (!this.engine.open) status = "Not connected to the engine: reload the page.";
        else if (this.moving) status = `${who} to move: your move is on its way…`;
        else if (this.thinking) status = `${who} to move: the engine is thinking…`;
        else if (this.engineControls(this.toMove)) status = `${who} to move (the engine).`;
        else if (this.legal.length === 1 && this.legal[0] === "pass")
            /* a forced pass, and why (Grasshopper's walls, a full A) */
            status = `${who} to move: no move: pass (` +
                (this.whyNo.get("pass") || "no piece can move") +
                "): click Pass (p).";
        else status = `${who} to move: your turn` +
            (this.selected ? ` (${g.pickWords ? g.pickWords(this.st, this.selected) : this.selected}` +
             " picked up; Esc drops it)" : "") + ".";
        if (this.why && this.humanTurn()) status += " " + sentence(this.why);
        if (this.typed && !this.over && this.engine.open)
            status += ` The engine is answering "${this.typed}" (typed in the Protocol panel):` +
                " Stop (m) or a move ends it.";
        if (this.reviewing && this.engine.open)
            status += " The engine is reviewing the game: Stop (m)" +
                (this.over ? "" : " or a move") + " ends it.";
        if (view) status = this.viewWords(view);
        $("status").textContent = status;
        $("status").className = "status" + (past ? " viewing " + markClass(view.j.mark) : "");
        this.showNote(past ? view : null);
        const banner = $("banner");
        if (this.over && !past) {
            banner.hidden = false;
            banner.dataset.result = this.result;
            const winner = g.sides.findIndex(s => this.result.startsWith(s + " wins"));
            /* against the engine, the person's outcome: its colour and words
             * (the banner was green and said the side twice when you lost) */
            const person = [0, 1].filter(i => !this.engineControls(i));
            const outcome = person.length !== 1 ? "" : winner < 0 ? "draw" :
                winner === person[0] ? "win" : "loss";
            const label = winner >= 0 ? g.sideLabel(winner) : "";
            banner.dataset.outcome = outcome;
            banner.textContent = `Game over — ${this.result}` +
                (label && !label.toLowerCase().startsWith(g.sides[winner]) ? ` (${label})` : "") +
                ({ win: ": you win.", loss: ": you lose.", draw: ": a draw." }[outcome] || "");
        } else {
            banner.hidden = true;
            banner.dataset.result = "";
            banner.dataset.outcome = "";
        }
        /* moves, a review's marked ones with their marks (a button each) */
        const list = $("movelist"), rv = this.review;
        const act = document.activeElement;
        const focusPly = act && act.closest && act.closest("#movelist") ? act.dataset.ply : undefined;
        list.innerHTML = "";
        /* a line a move number, as the record numbers them: when player 2
         * began, the first line holds its move alone ("1. … e3-a3") */
        const first = this.firstSide(), len = this.history.length;
        for (let i = len ? -first : 0; i < len; i += 2) {
            const li = document.createElement("li");
            if (i < 0) {
                const none = document.createElement("span");
                none.className = "mv none";
                none.textContent = "…";
                none.title = `${g.shortLabel(0)}: no move (${g.shortLabel(1)} began)`;
                li.appendChild(none);
            }
            for (let k = Math.max(i, 0); k < i + 2 && k < len; k++) {
                if (k > i) li.append("  ");
                const j = rv ? rv.moves.get(k) : null, mv = document.createElement("span");
                mv.className = "mv";
                mv.textContent = this.history[k];
                if (j && j.mark) {
                    const name = markName(rv.legend, j.mark);
                    mv.classList.add("marked", markClass(j.mark));
                    mv.tabIndex = 0;
                    mv.setAttribute("role", "button");
                    mv.setAttribute("aria-label",
                                    `${moveNumber(k + 1, first)} ${this.history[k]} ${j.mark} ${name}`);
                    mv.title = `${name}: show why`;
                    mv.dataset.ply = k;
                    const mk = document.createElement("b");
                    mk.className = "mk";
                    mk.textContent = j.mark;
                    mv.appendChild(mk);
                }
                li.appendChild(mv);
            }
            if (i + 2 >= len) li.className = "lastmove";
            list.appendChild(li);
        }
        const shownEl = rv && rv.shown !== null ? list.querySelector(`[data-ply="${rv.shown}"]`) : null;
        if (focusPly !== undefined) {
            /* the focus kept where it was, not a marked move chosen again */
            const el = list.querySelector(`[data-ply="${focusPly}"]`);
            this.refocusing = true;
            try { if (el) el.focus({ preventScroll: true }); } finally { this.refocusing = false; }
        }
        /* the move shown in view, else the first mark of a review or a
         * record just loaded (where Tab begins), else the last move */
        const inView = shownEl || (rv && rv.first ? list.querySelector(".marked") : null);
        list.scrollTop = inView ? inView.parentNode.offsetTop - list.clientHeight / 3 : list.scrollHeight;
        this.showReview();
        const dl = $("legalmoves");
        dl.innerHTML = "";
        if (this.humanTurn())
            for (const m of this.legal) {
                const o = document.createElement("option");
                o.value = m;
                dl.appendChild(o);
            }
        this.showThinking(view);
        this.updateButtons();
    },

    /* The note above the board: what was last said, or, while the board
     * shows the position before a marked move, that move's values (the
     * review's words, which on a phone are far below), in place of a note
     * of the game as it stands */
    showNote(view) {
        const note = $("note");
        /* the review panel's words say it to a screen reader already */
        note.setAttribute("aria-live", view ? "off" : "polite");
        const v = view ? this.reviewValues(view.j) : "";
        note.textContent = view ? sentence(v) : this.noteText;
        note.className = "note" + (view ? " viewing" : "");
    },

    /* What the engine knows, of the game as it stands: while the board
     * shows the position before a marked move (view), the panel says so
     * plainly instead, and shows no search or proof of another position */
    showThinking(view) {
        const i = this.info, g = this.game;
        if (view === undefined) view = this.boardView();
        if (view && view.st) {
            const name = markName(this.review.legend, view.j.mark);
            $("evalline").textContent = `The board shows the position before ` +
                `${moveNumber(view.j.ply, this.firstSide())} ${view.j.move}${view.j.mark}` +
                (name ? ` (${name})` : "") + "; its values are above the board. This panel " +
                "is of the game as it stands, and is back when the board shows the game again.";
            $("evalline").className = "evalline aside";
            $("pvline").textContent = "";
            $("proofline").textContent = "";
            return;
        }
        const proof = this.proofCache.get(this.pos);
        $("proofline").textContent = this.over ? "" : proof ? `Proof: ${proof.text}` :
            this.proving ? `Proving (up to ${PROVE_MS / 1000} s; your move or Stop ends it)…` : "";
        if (!i) {
            $("evalline").textContent = this.thinking ? "thinking…" : "—";
            $("evalline").className = "evalline";
            $("pvline").textContent = "";
            return;
        }
        if (i.none) {
            $("evalline").textContent = !i.bare ?
                `Last search: no line reported for the move played (${i.none}).` : i.bare.level ?
                `Level ${i.bare.level}: the engine played ${i.none} as a player of that strength ` +
                "would, and a level shows no search." :
                `The engine played ${i.none} without a search to show.`;
            $("evalline").className = "evalline";
            $("pvline").textContent = "";
            return;
        }
        const sw = scoreWords(i.score), who = g.shortLabel(this.infoSide);
        let text = sw.proven ? `${who} ${agree(who, sw.text)} (proven)` : `${who}: ${sw.text}`;
        text += ` · depth ${i.depth} · ${fmtCount(i.nodes)} nodes · ${(i.time / 1000).toFixed(1)} s`;
        $("evalline").textContent = (this.thinking ? "Thinking: " : "Last search: ") + text;
        $("evalline").className = "evalline" + (sw.proven > 0 ? " win" : sw.proven < 0 ? " loss" : "");
        $("pvline").textContent = i.pv.length ? `Line: ${i.pv.join(" ")}` : "";
    },

    updateButtons() {
        const open = this.engine && this.engine.open, human = this.humanTurn();
        const stoppable = this.typed || this.reviewing || this.proving;
        $("movenow").disabled = !this.thinking && !stoppable;
        $("movenow").textContent = stoppable && !this.thinking ? "Stop" : "Move now";
        /* a review of the game's moves while nothing else runs */
        $("review").disabled = !open || this.history.length === 0 || this.thinking ||
            this.moving || !!this.typed || !!this.reviewing;
        /* nothing of the person's to take back while the only move is the
         * engine's first (Undo then had the engine play it again) */
        const len = this.history.length, first = this.firstSide();
        const engineFirstOnly = len === 1 && this.engineSide !== "both" &&
            this.engineControls(first);
        $("undo").disabled = !open || len === 0 || engineFirstOnly;
        $("hint").disabled = !human;
        $("prove").disabled = !open || this.over;
        $("pass").hidden = !(human && this.legal.length === 1 && this.legal[0] === "pass");
        $("newgame").disabled = !open;
    },

    say(text) {
        this.noteText = text;
        const view = this.reviewView !== null ? this.boardView() : null;
        this.showNote(view && view.st ? view : null);
    },

    /* ------------------------------------------------------ the records */

    async save() {
        const r = await this.send("getrecord");
        if (!r.ok) { this.say(`No record: ${r.text}`); return; }
        const text = decodeURIComponent(r.text);
        const blob = new Blob([text], { type: "application/x-chess-pgn" });
        const a = document.createElement("a");
        const d = new Date(), pad = x => String(x).padStart(2, "0");
        a.download = `tabula-${this.game.name}-${d.getFullYear()}${pad(d.getMonth() + 1)}` +
            `${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}.pgn`;
        a.href = URL.createObjectURL(blob);
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    },

    async load(text) {
        const r = await this.send(`setrecord ${encodeURIComponent(text)}`);
        if (!r.ok) { this.say(`The record was not loaded: ${r.text}`); return; }
        this.recordNames = true;
        this.cache.clear();
        await this.learnPositions(text);
        this.info = null;
        this.review = null;
        this.recordMarks = null;
        await this.syncGame();
        await this.refresh();
        /* a record saved after a review carries its marks (NAGs), shown as
         * a review made here shows them (refresh: the engine's record has
         * them), the list at the first */
        const rv = this.review;
        const n = rv ? [...rv.moves.values()].filter(j => j.mark).length : 0;
        if (n) {
            this.recordMarks = { text };
            rv.first = true;
            this.store();
            this.render();
        }
        this.say(n ? `Record loaded, with its ${n} mark${n === 1 ? "" : "s"} (PGN's !, ?, ??) in ` +
                     "the move list: click or Tab to one to see why; Review game (r) judges the " +
                     "moves again." : "Record loaded.");
    },

    /* The marks shown: the engine's record's (getrecord's NAGs: what Save
     * record writes), on the game's moves as they stand, no more and no
     * fewer: a record loaded's, a review's made here, which the engine keeps
     * on their moves while each is the same move from the same position
     * (past an Undo, a move off them and the Undo of it). A review made here
     * of the game as it stands gives its words and figures, but a mark it
     * did not make is the record's (withMarks). null when none is marked
     * and no review of the game as it stands was made here. legend: the
     * marks' (review_legend), when the record has any. */
    marksShown(record, legend) {
        const old = this.review, key = this.reviewKey();
        const rec = parseRecordMarks(record, this.history, this.game.sides, this.firstSide());
        if (old && !old.fromRecord && old.key === key) return withMarks(old, rec);
        if (![...rec.moves.values()].some(j => j.mark)) return null;
        const same = old && old.key === key;
        return Object.assign(rec, { key, fromRecord: true, asked: false, legend,
                                    shown: same && rec.moves.has(old.shown) ? old.shown : null,
                                    first: same && old.first });
    },

    /* The marks shown again from the engine's record (marksShown); the
     * record's text, null when there is none. */
    async showMarks() {
        const rec = await this.send("getrecord");
        if (!rec.ok) return null;
        const record = decodeURIComponent(rec.text);
        this.review = this.marksShown(record, await this.legendOf(record));
        this.render();
        return record;
    },

    /* The marks' legend (review_legend) in the game and variant of record,
     * asked once; null when the record has no marks (none is asked). */
    async legendOf(record) {
        if (!hasMarks(record)) return null;
        const k = `${this.game.name}\n${JSON.stringify(recordVariant(record))}`;
        if (!this.legends.has(k)) {
            const r = await this.send("review_legend");
            if (!r.ok) return parseLegend("");
            this.legends.set(k, parseLegend(r.text));
        }
        return this.legends.get(k);
    },

    /* A reload: the marks of a record loaded before it (text) on its moves
     * undone too, as the engine had them: the record loaded whole (the
     * engine keeps its marks), taken back to the moves it shares with the
     * game kept (record, the engine's game now), whose other moves are
     * played. True when the game's record is then the one kept, marks
     * and all; else false, and the game kept loaded again. */
    async loadMarks(text, record) {
        const moves = r => r.ok && r.text ? r.text.split(/\s+/) : [];
        const body = r => r.ok ? decodeURIComponent(r.text).replace(/^\[.*\]$/gm, "").trim() : "";
        const kept = moves(await this.send("history")), was = body(await this.send("getrecord"));
        let ok = (await this.send(`setrecord ${encodeURIComponent(text)}`)).ok;
        const all = ok ? moves(await this.send("history")) : [];
        let k = 0;
        while (k < kept.length && k < all.length && kept[k] === all[k]) k++;
        if (ok && all.length > k) ok = (await this.send(`undo ${all.length - k}`)).ok;
        for (let i = k; ok && i < kept.length; i++) {
            const stm = await this.send("side_to_move");
            ok = stm.ok && (await this.send(`play ${stm.text} ${kept[i]}`)).ok;
        }
        if (ok && was && body(await this.send("getrecord")) === was) return true;
        await this.send(`setrecord ${encodeURIComponent(record)}`);
        return false;
    },

    /* The positions of a record just loaded (setrecord TEXT), each before
     * one of its moves, into the cache, as the page learns them in a game
     * played here: a review shows the position a marked move was played in.
     * The record is loaded again up to each move (setrecord TEXT N), and
     * then whole, as it was. */
    async learnPositions(text) {
        const h = await this.send("history");
        const moves = h.ok && h.text ? h.text.split(/\s+/) : [];
        if (!moves.length) return;
        const enc = encodeURIComponent(text), asked = [];
        for (let k = 0; k < moves.length; k++)
            asked.push(this.send(`setrecord ${enc} ${k}`), this.send("getposition"));
        const got = await Promise.all(asked);
        await this.send(`setrecord ${enc}`);
        for (let k = 0; k < moves.length; k++)
            if (got[2 * k].ok && got[2 * k + 1].ok)
                this.cache.set(moves.slice(0, k).join(" "), got[2 * k + 1].text);
    },

    /* ------------------------------------------------------- the rules */

    showRules() {
        const g = this.game, s = g.sample();
        $("rulestitle").textContent = `Rules of ${g.title}`;
        $("rulespicture").innerHTML = g.draw({ state: s.state, last: s.last, selected: s.selected,
                                               targets: s.targets, sources: new Set(), captured: [] });
        for (const el of $("rulespicture").querySelectorAll("[tabindex]")) el.setAttribute("tabindex", "-1");
        $("rulescaption").textContent = s.caption;
        $("rulestext").innerHTML = g.rules;
    },

    /* ----------------------------------------------------- the protocol */

    protoLog(dir, line) {
        this.log.push((dir === "out" ? "> " : "< ") + line);
        if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
        if ($("protocolpanel").open) {
            $("protolog").textContent = this.log.join("\n");
            $("protolog").scrollTop = $("protolog").scrollHeight;
        }
    },

    /* --------------------------------------------------------- controls */

    bindControls() {
        /* a board may be drawn otherwise on a phone (Grasshopper's track is
         * turned a quarter): drawn again when the width crosses over */
        if (window.matchMedia)
            window.matchMedia("(max-width: 600px)").addEventListener("change", () => {
                this.render();
                if (this.game) this.showRules();
            });
        /* a press on the position before a marked move plays nothing: the
         * focus leaves the move, and the board shows the game again */
        $("board").addEventListener("pointerdown", () => {
            this.downOnView = this.reviewView !== null;
        }, true);
        $("board").addEventListener("click", e => {
            const onView = this.downOnView || this.reviewView !== null;
            this.downOnView = false;
            if (onView) { this.leaveView(); return; }
            const el = e.target.closest("[data-key]");
            if (el) this.click(el.dataset.key);
        });
        $("board").addEventListener("keydown", e => {
            const el = e.target.closest("[data-key]");
            if (el && (e.key === "Enter" || e.key === " ")) {
                e.preventDefault();
                this.click(el.dataset.key);
            }
        });
        $("setup").addEventListener("submit", e => {
            e.preventDefault();
            this.stopThinking();
            this.run(() => this.newGame());
        });
        $("game").addEventListener("change", () => {
            this.stopThinking();
            this.setGame($("game").value);
            this.run(() => this.newGame());
        });
        $("engineside").addEventListener("change", () => {
            this.engineSide = $("engineside").value;
            /* the engine no longer plays the side it thinks for: it moves now */
            if (this.thinking && !this.engineControls(this.infoSide)) this.stopThinking();
            this.store();
            this.run(() => this.sendPlayers());
            if (!this.thinking) this.render();
            this.next();
        });
        $("playername").addEventListener("change", () => {
            this.playerName = cleanName($("playername").value);
            $("playername").value = this.playerName;
            this.store();
            this.run(() => this.sendPlayers());
        });
        $("movetime").addEventListener("change", () => {
            this.movetime = +$("movetime").value;
            this.store();
        });
        $("level").addEventListener("change", () => {
            this.level = +$("level").value;
            this.store();
            /* set now, not at the engine's next move: a record saved meanwhile
             * names the engine at this level */
            this.run(() => this.send(`set_option level ${this.level}`));
        });
        $("proofs").addEventListener("change", () => {
            this.proofs = $("proofs").checked;
            this.store();
            this.next();
        });
        $("undo").addEventListener("click", () => this.doUndo());
        $("hint").addEventListener("click", () => this.run(() => this.showHint()));
        $("movenow").addEventListener("click", () => this.stopThinking());
        $("pass").addEventListener("click", () => this.humanMove("pass"));
        $("prove").addEventListener("click", () => this.startProve());
        $("review").addEventListener("click", () => this.startReview());
        /* a marked move: clicked, or reached by Tab, says why */
        $("movelist").addEventListener("click", e => this.showMark(e.target.closest("[data-ply]")));
        /* a marked move clicked or tapped (the list is drawn again at the
         * press, so no click may follow): on a phone the board is far above
         * the list, and is brought into view with the lines above it (what
         * is drawn, the move's values) */
        $("movelist").addEventListener("pointerup", e => {
            if (!e.target.closest("[data-ply]") || this.reviewView === null) return;
            const b = $("board").getBoundingClientRect(), s = $("status").getBoundingClientRect();
            if (s.top < 0 || b.bottom > window.innerHeight) $("status").scrollIntoView({ block: "start" });
        });
        $("movelist").addEventListener("focusin", e => {
            if (!this.refocusing) this.showMark(e.target.closest("[data-ply]"));
        });
        /* the focus gone from the marked moves (not only moved between them,
         * or the list drawn again): the board shows the game again */
        $("movelist").addEventListener("focusout", () => setTimeout(() => {
            const a = document.activeElement;
            if (!(a && a.closest && a.closest("#movelist [data-ply]"))) this.leaveView();
        }, 0));
        $("movelist").addEventListener("keydown", e => {
            const el = e.target.closest("[data-ply]");
            if (el && (e.key === "Enter" || e.key === " ")) {
                e.preventDefault();
                this.showMark(el);
            }
        });
        $("save").addEventListener("click", () => this.run(() => this.save()));
        $("load").addEventListener("change", () => {
            const f = $("load").files[0];
            if (!f) return;
            f.text().then(text => { this.stopThinking(); this.run(() => this.load(text)); });
            $("load").value = "";
        });
        $("moveform").addEventListener("submit", e => {
            e.preventDefault();
            const m = $("moveinput").value.trim().toLowerCase();
            if (!m || !this.humanTurn()) return;
            $("moveinput").value = "";
            this.humanMove(m);
        });
        $("protoform").addEventListener("submit", e => {
            e.preventDefault();
            const c = $("protoinput").value.trim();
            if (!c) return;
            $("protoinput").value = "";
            /* as a proof is: the person's next action (a move, Undo, New
             * game, Move now) interrupts it, so that a command that runs
             * until it is stopped (analyze) does not hold the board */
            this.run(async () => {
                this.typed = c;
                this.render();
                let ok = false;
                try { ok = (await this.send(c)).ok; } finally { this.typed = null; }
                /* a level typed here is the Strength menu's from now on (the
                 * menu's had replaced it at the engine's next move) */
                const lv = /^(\d+\s+)?set_option\s+level\s+([0-5])$/.exec(c);
                if (ok && lv && +lv[2] !== this.level) {
                    this.level = +lv[2];
                    $("level").value = lv[2];
                    this.store();
                }
                /* another option typed here is kept for a reload (the page
                 * sets movetime itself before each search) */
                const op = /^(?:\d+\s+)?set_option\s+([a-z_]+)\s+([^\s#]+)$/.exec(c);
                if (ok && op && !["level", "movetime"].includes(op[1])) {
                    this.options[op[1]] = op[2];
                    this.store();
                }
                /* a record typed here names its own players; a new game, ours */
                if (ok && /^(\d+\s+)?setrecord\s/.test(c)) this.recordNames = true;
                else if (ok && /^(\d+\s+)?(newgame|clear_board|boardsize|setposition)\b/.test(c))
                    this.recordNames = false;
                /* a game or marks of the engine's own: its marks are then the
                 * game record's (a reload loads them so) */
                if (ok && /^(\d+\s+)?(setrecord|newgame|clear_board|boardsize|setposition|review)\b/
                    .test(c)) {
                    const rec = await this.send("getrecord");
                    const text = rec.ok ? decodeURIComponent(rec.text) : "";
                    this.recordMarks = hasMarks(text) ? { text } : null;
                    this.store();
                }
                /* cut short by an action of the person's, and the game as it
                 * was: the action goes on in the position it was made in */
                const changed = await this.changedSince();
                if (this.bgCancel && !changed) {
                    await this.showMarks();     /* a review typed here has its own */
                    return;
                }
                if (changed) this.say("");      /* the note was of the game before */
                await this.syncGame();
                await this.refresh();
            }, true);
        });
        $("protocolpanel").addEventListener("toggle", () => this.protoLog("in", ""));
        document.addEventListener("keydown", e => {
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            const t = e.target.tagName;
            if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") return;
            const act = {
                u: () => this.doUndo(),
                h: () => this.humanTurn() && this.run(() => this.showHint()),
                m: () => this.stopThinking(),
                p: () => !$("pass").hidden && this.humanMove("pass"),
                v: () => $("prove").click(),
                r: () => this.startReview(),
                n: () => $("newgame").click(),
                Escape: () => this.reviewView !== null ? this.leaveView() : this.drop()
            }[e.key];
            if (act) { e.preventDefault(); act(); }
        });
    },

    /* Esc: the picked piece is put down, and the keyboard's focus goes
     * back to it when it was on the board (it was on a target square,
     * which the drop takes away: the focus left the board, and the next
     * Tab began again at the first piece) */
    drop() {
        const key = this.selected;
        const onBoard = document.activeElement && document.activeElement.closest("#board");
        this.selected = null;
        this.why = null;
        this.render();
        const el = key && onBoard ? $("board").querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
        if (el && el.getAttribute("tabindex") === "0") el.focus();
    },

    stopThinking() {
        if (this.reviewing) this.reviewing.stop = true;
        if (this.proving) this.proving.stop = true;
        if (this.thinking || this.typed || this.reviewing || this.proving) this.engine.interrupt();
    },

    /* The engine's game or position is not the one drawn. */
    async changedSince() {
        const [pos, id] = await Promise.all([this.send("getposition"), this.send("gogui-rules_game_id")]);
        return pos.text !== this.pos || id.text.toLowerCase() !== this.game.name;
    },

    doUndo() {
        this.stopThinking();
        this.run(() => this.undo());
    }
};

/* list_variants' lines: "size type int default 7 min 5 max 8 step 1
 * boardsize help the board's width and height" */
function parseVariants(text) {
    const keys = [];
    for (const line of text.split("\n")) {
        if (!line.trim()) continue;
        const h = line.indexOf(" help ");
        const words = (h >= 0 ? line.slice(0, h) : line).split(" ");
        const k = { name: words[0], help: h >= 0 ? line.slice(h + 6) : "" };
        for (let i = 1; i < words.length; i++) {
            const w = words[i];
            if (w === "type") k.type = words[++i];
            else if (w === "default") k.def = words[++i];
            else if (w === "min") k.min = +words[++i];
            else if (w === "max") k.max = +words[++i];
            else if (w === "step") k.step = +words[++i];
            else if (w === "choices") k.choices = words[++i].split("|");
            else if (w === "boardsize") k.boardsize = true;
        }
        keys.push(k);
    }
    return keys;
}

/* A name as players takes it: one line of words (a '#' would begin the
 * protocol's comment), at most 64 bytes of UTF-8, whole characters. */
/* Words begun as a sentence: their first letter upper-case */
function sentence(words) {
    return words.charAt(0).toUpperCase() + words.slice(1);
}

function cleanName(name) {
    let s = String(name).replace(/[#\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
    const enc = new TextEncoder();
    while (enc.encode(s).length > 64) s = Array.from(s).slice(0, -1).join("").trim();
    return s;
}

/* A record without its White and Black tags, so that the game, loaded
 * again, names who plays now. */
function withoutPlayers(pgn) {
    return pgn.replace(/^\[(White|Black) "(?:[^"\\]|\\.)*"\]\r?\n/gm, "");
}

/* The variant a record names ([Variant "rules=ashton repetition=3"]). */
function recordVariant(pgn) {
    const m = /^\[Variant "([^"]*)"\]/m.exec(pgn), v = {};
    if (m) for (const w of m[1].split(/\s+/)) { const [k, x] = w.split("="); if (x) v[k] = x; }
    return v;
}

/* The last move of a PGN record, in its long notation (Tablut's captures:
 * "g8-a8xa7"): the last word of the moves, comments, numbers and the
 * result left out. */
function lastRecordMove(pgn) {
    const moves = pgn.split("\n").filter(l => !l.startsWith("[")).join(" ")
        .replace(/\{[^}]*\}/g, " ").split(/\s+/)
        .filter(w => w && !/^\d+\.+$/.test(w) && !/^(\*|1-0|0-1|1\/2-1\/2)$/.test(w));
    return moves.length ? moves[moves.length - 1] : "";
}

/* Whether a PGN record (as getrecord writes it) carries a review's marks:
 * a NAG $1, $2 or $4 (those parseRecordMarks reads). */
function hasMarks(pgn) {
    return /\$[124]\b/.test(pgn);
}

/* The marks a PGN record (as getrecord writes it) carries, as parseReview
 * gives a review's: a move's NAG $1 (!), $2 (?) or $4 (??), with the
 * values and the best move of the review's words in its comment when it
 * has them (savegame after a review: "mistake: score 338; best e2-a2,
 * score 582", "blunder: loss in 12 plies; best e5, win in 1 ply", "only
 * move: win in 3 plies"), else no values (value null) and no best ("-").
 * history: the game's moves as the page has them (the record may write
 * them longer: Tablut's captures); sides: the protocol's side names;
 * first: the side that made the first move. Each side's figures are
 * counted from them. */
function parseRecordMarks(pgn, history, sides, first) {
    const body = pgn.replace(/^\[[^\n]*\n/gm, "");
    const tokens = body.match(/\{[^}]*\}|[^\s{]+/g) || [];
    const moves = new Map(), nags = [], words = [];
    let k = -1;
    for (const t of tokens) {
        if (t.startsWith("{")) {
            const w = /^\{(only move|mistake|blunder): ([^;}]+?)(?:; best (\S+), ([^}]+?))?\}$/
                .exec(t.replace(/\s+/g, " "));
            if (k >= 0 && w) words[k] = w;
        } else if (/^\$\d+$/.test(t)) {
            if (k >= 0) nags[k] = +t.slice(1);
        } else if (!/^(\d+\.+|\*|1-0|0-1|1\/2-1\/2)$/.test(t)) {
            k++;
        }
    }
    const value = v => {        /* the review's words as review writes values */
        const m = /^(?:score (-?\d+)|(win|loss|draw)(?: in (\d+) pl(?:y|ies))?)$/.exec(v.trim());
        return !m ? null : m[1] !== undefined ? m[1] : m[2][0].toUpperCase() + (m[3] || "");
    };
    const figures = {};
    for (const s of sides) figures[s] = { moves: 0, only: 0, mistakes: 0, blunders: 0 };
    for (let i = 0; i < history.length; i++) {
        const side = sides[(first + i) % 2], f = figures[side];
        f.moves++;
        const mark = { 1: "!", 2: "?", 4: "??" }[nags[i]];
        if (!mark) continue;
        f[{ "!": "only", "?": "mistakes", "??": "blunders" }[mark]]++;
        const w = words[i], v = w ? value(w[2]) : null, bv = w && w[4] ? value(w[4]) : null;
        const best = w && w[3] && w[3] !== "?" && v !== null && bv !== null;
        moves.set(i, { ply: i + 1, side, move: history[i], mark, value: v,
                       best: best ? w[3] : "-", bestValue: best ? bv : null });
    }
    return { moves, sides: figures, stopped: null };
}

/* A review made here (rv, parseReview's) with the marks of the engine's
 * record (rec, parseRecordMarks'), which are what Save record writes: a
 * move the review did not reach (it was stopped) keeps a record's mark,
 * and so does a record's NAG on a move it did not mark; those are shown as
 * the record's, and the figures count them. rv, changed. */
function withMarks(rv, rec) {
    let changed = false;
    for (const [i, j] of rv.moves)
        if (j.mark && !rec.moves.has(i)) {
            rv.moves.set(i, Object.assign({}, j, { mark: "" }));
            changed = true;
        }
    for (const [i, r] of rec.moves) {
        const j = rv.moves.get(i);
        if (!j || j.mark !== r.mark) {
            rv.moves.set(i, r);
            changed = true;
        }
    }
    if (changed)
        for (const [side, f] of Object.entries(rv.sides)) {
            const marks = [...rv.moves.values()].filter(j => j.side === side).map(j => j.mark);
            f.only = marks.filter(m => m === "!").length;
            f.mistakes = marks.filter(m => m === "?").length;
            f.blunders = marks.filter(m => m === "??").length;
        }
    return rv;
}

function isProven(info) { return /^[WL]/.test(info.score); }

/* review's answer: "PLY SIDE MOVE MARK VALUE BEST BESTVALUE" a move, then
 * "SIDE moves N only K mistakes M blunders B errors E%" a side, and after
 * an interrupt "stopped after N of M moves". moves: the history's index
 * (PLY - 1) -> the move's judgement, its mark "" for none ("-"). */
function parseReview(text) {
    const moves = new Map(), sides = {};
    let stopped = null;
    for (const line of text.split("\n")) {
        let m = /^(\d+) (\S+) (\S+) (\?\?|\?|!|-) (\S+) (\S+) (\S+)$/.exec(line);
        if (m) {
            moves.set(+m[1] - 1, { ply: +m[1], side: m[2], move: m[3], mark: m[4] === "-" ? "" : m[4],
                                   value: m[5], best: m[6], bestValue: m[7] });
            continue;
        }
        m = /^(\S+) moves (\d+) only (\d+) mistakes (\d+) blunders (\d+) errors (\S+)%$/.exec(line);
        if (m) {
            sides[m[1]] = { moves: +m[2], only: +m[3], mistakes: +m[4], blunders: +m[5] };
            continue;
        }
        m = /^stopped after (\d+) of (\d+) moves$/.exec(line);
        if (m) stopped = { done: +m[1], total: +m[2] };
    }
    return { moves, sides, stopped };
}

/* review_legend's answer: "MARK NAME: WORDS" a mark, then "scale S" */
function parseLegend(text) {
    const legend = { marks: [], scale: 0 };
    for (const line of text.split("\n")) {
        let m = /^scale (\d+)$/.exec(line);
        if (m) { legend.scale = +m[1]; continue; }
        m = /^(\S+) ([^:]+): (.+)$/.exec(line);
        if (m) legend.marks.push({ mark: m[1], name: m[2], words: m[3] });
    }
    return legend;
}

/* A search score's expected result, out of 100 (a win 100, a draw 50), at
 * the game's scale: review_legend's measure, the one review marks by */
function expected(score, scale) {
    return Math.round(100 / (1 + Math.pow(10, -score / scale)));
}

/* "blunder" for "??", from the engine's legend; "" when it has none */
function markName(legend, mark) {
    const k = legend.marks.find(x => x.mark === mark);
    return k ? k.name : "";
}

/* A move as the board draws one (the last move, a hint): { from, to, move }
 * in the position st it is played in (Rastros' from: the snail's square);
 * null for a pass or none */
function drawnMove(g, st, move) {
    if (!move || move === "-" || move === "pass") return null;
    const p = g.split(move);
    if (p.length === 2) return { from: p[0], to: p[1], move };
    return st.snail ? { from: st.snail, to: p[0], move } : { to: p[0], move };
}

/* the class that colours a mark (the symbol says it too) */
function markClass(mark) {
    return { "??": "mark-blunder", "?": "mark-mistake", "!": "mark-only" }[mark] || "";
}

function markChip(mark) {
    const b = document.createElement("b");
    b.className = "mk chip " + markClass(mark);
    b.textContent = mark;
    return b;
}

/* The number of a ply (1: the game's first move) as the record (savegame)
 * and the move list number it: "7." player 1's move of a line, "7..."
 * player 2's; first, the side that made the first move (1: player 2
 * began, its move "1...", player 1's next "2.") */
function moveNumber(ply, first) {
    const k = ply - 1 + (first ? 1 : 0);
    return `${Math.floor(k / 2) + 1}${k % 2 ? "..." : "."}`;
}

/* The line to show for the move the engine played, from its info lines:
 * the last proven one that begins with the move, else the last one that
 * does; none ({ none: move }) when no line begins with it. */
function lineOf(infos, move) {
    const mine = infos.filter(i => i.pv[0] === move);
    return mine.filter(isProven).pop() || mine.pop() || { none: move };
}

/* "Defenders win", "White wins": the verb agrees with the side's name */
function agree(who, verb) {
    return /s$/.test(who) ? verb.replace(/^(\w+?)s\b/, "$1").replace(/^loses/, "lose") : verb;
}

function fmtCount(n) {
    return n >= 1e6 ? (n / 1e6).toFixed(1) + "M" : n >= 1e3 ? Math.round(n / 1e3) + "k" : String(n);
}

/* errors are kept for the browser tests (and a curious user's console) */
window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message)));
window.addEventListener("unhandledrejection", e => window.__errors.push(String(e.reason)));

window.App = App;             /* for the console (and the browser tests) */
App.start();
