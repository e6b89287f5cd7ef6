/* games.js -- how the web board draws each game and reads its moves.
 * Reads only what the engine prints: position strings (getposition),
 * canonical moves (legal_moves, history) and results (game_over); the rules
 * are the engine's, this file only shows them. Each game gives:
 *   sides        the protocol's side names, first mover first
 *   sideLabel(i) what a person calls side i
 *   parse(pos)   the position string as an object
 *   split(move)  [from, to] of a two-click move, [to] of a one-click move
 *   draw(v)      an SVG drawing of v.state with v's marks (see drawBoard)
 *   rules        the rules in a few paragraphs (HTML) and sample(), a
 *                position with marks for the rules' picture
 * Licence: GPL-3.0-or-later, as the rest of Tabula. */
"use strict";

const Games = {};

/* ------------------------------------------------------------ helpers */

function esc(s) {
    return String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;",
                                                  '"': "&quot;", "'": "&#39;"}[c]));
}

/* A clickable (or only labelled) cell: a transparent rectangle on top. */
function hitRect(x, y, w, h, key, v, label) {
    const cls = [];
    if (v.sources && v.sources.has(key)) cls.push("src");
    if (v.targets && v.targets.has(key)) cls.push("target");
    if (v.selected === key) cls.push("selected");
    const active = cls.includes("src") || cls.includes("target");
    return `<rect class="hit ${cls.join(" ")}" x="${x}" y="${y}" width="${w}" height="${h}"` +
        ` data-key="${esc(key)}"` +
        (active ? ` tabindex="0" role="button"` : ` tabindex="-1"`) +
        ` aria-label="${esc(label)}"><title>${esc(label)}</title></rect>`;
}

function arrow(x1, y1, x2, y2, cls) {
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len;
    /* stop short of the centre so that the head does not cover the piece */
    const ex = x2 - ux * 14, ey = y2 - uy * 14;
    const hx = ex - ux * 14, hy = ey - uy * 14;
    return `<g class="${cls}"><line x1="${x1}" y1="${y1}" x2="${hx}" y2="${hy}"/>` +
        `<polygon points="${ex},${ey} ${hx - uy * 9},${hy + ux * 9} ${hx + uy * 9},${hy - ux * 9}"/></g>`;
}

const FILES = "abcdefghijklmnopqrstuvwxyz";

/* Squares of a square board, "a1" bottom left. */
function squareXY(sq, n, cell, margin) {
    const f = FILES.indexOf(sq[0]), r = parseInt(sq.slice(1), 10);
    return [margin + f * cell, margin + (n - r) * cell];
}

function coordLabels(n, cell, margin) {
    let s = "";
    for (let i = 0; i < n; i++) {
        const x = margin + i * cell + cell / 2, y = margin + i * cell + cell / 2;
        s += `<text class="coord" x="${x}" y="${margin - 9}">${FILES[i]}</text>`;
        s += `<text class="coord" x="${x}" y="${margin + n * cell + 21}">${FILES[i]}</text>`;
        s += `<text class="coord" x="${margin - 15}" y="${y + 6}">${n - i}</text>`;
        s += `<text class="coord" x="${margin + n * cell + 15}" y="${y + 6}">${n - i}</text>`;
    }
    return s;
}

/* Rows of a FEN-like board, top row first: a digit counts empty squares. */
function fenRows(board) {
    return board.split("/").map(row => {
        const out = [];
        for (const ch of row) {
            if (/[0-9]/.test(ch)) for (let k = 0; k < +ch; k++) out.push(".");
            else out.push(ch);
        }
        return out;
    });
}

/* ------------------------------------------------------------ Rastros */

Games.rastros = {
    name: "rastros",
    title: "Rastros (Slime Trail)",
    sides: ["black", "white"],
    sideLabel(i) { return i === 0 ? "Black (player 1)" : "White (player 2)"; },
    shortLabel(i) { return i === 0 ? "Black" : "White"; },
    parse(pos) {
        const [board, side] = pos.trim().split(/\s+/);
        const rows = fenRows(board);
        const n = rows.length;
        const st = { n, slime: new Set(), snail: null, toMove: side === "2" ? 1 : 0 };
        rows.forEach((row, i) => row.forEach((ch, f) => {
            const sq = FILES[f] + (n - i);
            if (ch === "x") st.slime.add(sq);
            if (ch === "s") st.snail = sq;
        }));
        st.goals = ["a1", FILES[n - 1] + n];
        return st;
    },
    split(move) { return [move]; },
    /* the square the snail left: before the last move, or the move before
     * it, or (after the first move of a game) the one slimed square */
    lastMove(prev, st, move, history) {
        let from = prev && prev.snail;
        if (!from && history.length >= 2) from = history[history.length - 2];
        if (!from && st.slime.size === 1) from = [...st.slime][0];
        return from ? { from, to: st.snail } : { to: st.snail };
    },
    captured() { return []; },
    draw(v) {
        const st = v.state, n = st.n, cell = 60, m = 30, W = n * cell + 2 * m;
        let s = `<svg viewBox="0 0 ${W} ${W}" class="board rastros" role="group" ` +
            `aria-label="Rastros board, ${n} by ${n}">`;
        s += `<rect class="frame" x="0" y="0" width="${W}" height="${W}" rx="8"/>`;
        for (let r = n; r >= 1; r--) for (let f = 0; f < n; f++) {
            const sq = FILES[f] + r, [x, y] = squareXY(sq, n, cell, m);
            let cls = (f + r) % 2 ? "sq light" : "sq dark";
            if (st.slime.has(sq)) cls += " slime";
            if (sq === st.goals[0]) cls += " goal goal0";
            if (sq === st.goals[1]) cls += " goal goal1";
            if (v.last && (v.last.from === sq || v.last.to === sq)) cls += " lastsq";
            s += `<rect class="${cls}" x="${x}" y="${y}" width="${cell}" height="${cell}"/>`;
            if (st.slime.has(sq))
                s += `<path class="slimemark" d="M${x + 14} ${y + 30} q8 -14 16 0 t16 0 M${x + 18} ${y + 42} q6 -10 12 0 t12 0"/>`;
            if (sq === st.goals[0] || sq === st.goals[1]) {
                const i = sq === st.goals[0] ? 0 : 1;
                s += `<text class="goallabel goallabel${i}" x="${x + cell / 2}" y="${y + 17}">GOAL</text>` +
                    `<text class="goallabel goallabel${i}" x="${x + cell / 2}" y="${y + 53}">${this.shortLabel(i)}</text>`;
            }
        }
        s += coordLabels(n, cell, m);
        if (v.last && v.last.from && v.last.to) {
            const [x1, y1] = squareXY(v.last.from, n, cell, m), [x2, y2] = squareXY(v.last.to, n, cell, m);
            s += arrow(x1 + cell / 2, y1 + cell / 2, x2 + cell / 2, y2 + cell / 2, "lastarrow");
        }
        if (st.snail) {
            const [x, y] = squareXY(st.snail, n, cell, m), cx = x + cell / 2, cy = y + cell / 2;
            s += `<g class="snail"><ellipse class="snailbody" cx="${cx}" cy="${cy + 11}" rx="22" ry="8"/>` +
                `<circle class="snailshell" cx="${cx + 3}" cy="${cy - 2}" r="15"/>` +
                `<path class="snailspiral" d="M${cx + 3} ${cy - 2} m0 -3 a3 3 0 1 1 -3 3 a6 6 0 1 1 6 6 a9 9 0 1 1 -9 -9"/>` +
                `<circle class="snaileye" cx="${cx - 18}" cy="${cy - 2}" r="2.5"/>` +
                `<path class="snailhorn" d="M${cx - 16} ${cy + 6} L${cx - 19} ${cy - 1}"/></g>`;
        }
        for (let r = n; r >= 1; r--) for (let f = 0; f < n; f++) {
            const sq = FILES[f] + r, [x, y] = squareXY(sq, n, cell, m);
            const cx = x + cell / 2, cy = y + cell / 2;
            if (v.winning && v.winning.has(sq))
                s += `<circle class="winmark" cx="${cx}" cy="${cy}" r="25"/>`;
            if (v.targets && v.targets.has(sq))
                s += `<circle class="dot" cx="${cx}" cy="${cy}" r="9"/>`;
            if (v.hint && v.hint.to === sq)
                s += `<rect class="hintmark" x="${x + 4}" y="${y + 4}" width="${cell - 8}" height="${cell - 8}" rx="8"/>`;
            let label = sq + (st.slime.has(sq) ? ", slime" : "") + (sq === st.snail ? ", the snail" : "");
            if (sq === st.goals[0] || sq === st.goals[1])
                label += `, ${this.shortLabel(sq === st.goals[0] ? 0 : 1)}'s goal`;
            if (v.targets && v.targets.has(sq)) label = "move the snail to " + label;
            s += hitRect(x, y, cell, cell, sq, v, label);
        }
        return s + "</svg>";
    },
    rules: `
<p><b>Rastros</b> (Bill Taylor's <i>Slime Trail</i>) is played on a square board (5x5 to 8x8;
7x7 by default) with one piece shared by both players: the <b>snail</b>, which starts in the
middle.</p>
<p>On your turn move the snail one square in any of the eight directions, like a chess king,
onto a square without slime. The square it leaves is covered in <b>slime</b> for the rest of
the game.</p>
<p>Black (player 1, moves first) owns the bottom-left corner a1; White owns the top-right corner.
The moment the snail enters a corner, <b>that corner's owner wins</b>, whoever moved it there.
A player who cannot move loses. There are no draws.</p>
<p>Click one of the marked squares next to the snail to move it there.</p>`,
    sample() {
        const st = this.parse("5/2x2/1sx2/5/5 1");
        return { state: st, targets: new Set(["a2", "b2", "c2", "a3", "a4", "b4"]),
                 last: { from: "c4", to: "b3" },
                 caption: "Black to move: the snail (b3) may go to any marked square; the " +
                     "slime on c3 and c4 is closed for ever. a1 is Black's goal, e5 White's." };
    }
};

/* ------------------------------------------------------------- Tablut */

/* the attackers' start squares: the camps of the Ashton rules */
const CAMPS = new Set(["a4", "a5", "a6", "b5", "d1", "e1", "f1", "e2",
                       "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8"]);

Games.tablut = {
    name: "tablut",
    /* proofs end in "not solved" here but for the last moves: the page
     * does not try one on every move (the Prove button still does) */
    autoProve: false,
    title: "Tablut",
    sides: ["black", "white"],
    sideLabel(i) { return i === 0 ? "Attackers (black)" : "Defenders (white)"; },
    shortLabel(i) { return i === 0 ? "Attackers" : "Defenders"; },
    parse(pos) {
        const [board, side] = pos.trim().split(/\s+/);
        const rows = fenRows(board);
        const st = { n: 9, pieces: {}, toMove: side === "w" ? 1 : 0 };
        rows.forEach((row, i) => row.forEach((ch, f) => {
            if (ch !== ".") st.pieces[FILES[f] + (9 - i)] = ch;
        }));
        return st;
    },
    split(move) { return move.split("-"); },
    lastMove(prev, st, move) {
        if (!move) return null;
        const [from, to] = move.split("x")[0].split("-");
        return { from, to };
    },
    /* the soldiers the last move took: named by the record's long notation
     * ("g8-a8xa7"), else those on the board before it and gone after */
    captured(prev, st, last, longMove) {
        if (longMove && longMove.includes("x")) return longMove.split("x").slice(1);
        if (!prev || !last) return [];
        return Object.keys(prev.pieces).filter(sq => sq !== last.from && !st.pieces[sq]);
    },
    draw(v) {
        const st = v.state, n = 9, cell = 60, m = 30, W = n * cell + 2 * m;
        const ashton = v.variant && v.variant.rules === "ashton";
        let s = `<svg viewBox="0 0 ${W} ${W}" class="board tablut" role="group" ` +
            `aria-label="Tablut board${ashton ? ", Ashton rules" : ""}">`;
        s += `<rect class="frame" x="0" y="0" width="${W}" height="${W}" rx="8"/>`;
        for (let r = 9; r >= 1; r--) for (let f = 0; f < 9; f++) {
            const sq = FILES[f] + r, [x, y] = squareXY(sq, n, cell, m);
            const camp = ashton && CAMPS.has(sq);
            let cls = "sq";
            if ((f === 0 || f === 8 || r === 1 || r === 9) && !camp) cls += " edge";
            if (camp) cls += " camp";
            if (sq === "e5") cls += " castle";
            if (v.last && v.last.from === sq) cls += " lastfrom";
            if (v.last && v.last.to === sq) cls += " lastsq";
            s += `<rect class="${cls}" x="${x}" y="${y}" width="${cell}" height="${cell}"/>`;
            if (camp)           /* hatched */
                s += `<path class="campmark" d="M${x} ${y + 20} L${x + 20} ${y} M${x} ${y + 40} L${x + 40} ${y} ` +
                    `M${x} ${y + 60} L${x + 60} ${y} M${x + 20} ${y + 60} L${x + 60} ${y + 20} ` +
                    `M${x + 40} ${y + 60} L${x + 60} ${y + 40}"/>`;
            if (sq === "e5")
                s += `<path class="castlemark" d="M${x + 8} ${y + 8} L${x + 52} ${y + 52} M${x + 52} ${y + 8} L${x + 8} ${y + 52}"/>` +
                    `<rect class="castlering" x="${x + 6}" y="${y + 6}" width="${cell - 12}" height="${cell - 12}"/>`;
        }
        s += coordLabels(n, cell, m);
        if (v.last && v.last.from && v.last.to) {
            const [x1, y1] = squareXY(v.last.from, n, cell, m), [x2, y2] = squareXY(v.last.to, n, cell, m);
            s += arrow(x1 + cell / 2, y1 + cell / 2, x2 + cell / 2, y2 + cell / 2, "lastarrow");
        }
        for (const [sq, p] of Object.entries(st.pieces)) {
            const [x, y] = squareXY(sq, n, cell, m), cx = x + cell / 2, cy = y + cell / 2;
            if (p === "t") s += `<circle class="piece attacker" cx="${cx}" cy="${cy}" r="21"/>`;
            else if (p === "T") s += `<circle class="piece defender" cx="${cx}" cy="${cy}" r="21"/>`;
            else s += `<circle class="piece king" cx="${cx}" cy="${cy}" r="24"/>` +
                `<path class="crown" d="M${cx - 13} ${cy + 8} L${cx - 15} ${cy - 8} L${cx - 6} ${cy} L${cx} ${cy - 12} L${cx + 6} ${cy} L${cx + 15} ${cy - 8} L${cx + 13} ${cy + 8} Z"/>`;
        }
        for (const sq of v.captured || []) {
            const [x, y] = squareXY(sq, n, cell, m);
            s += `<path class="capmark" d="M${x + 14} ${y + 14} L${x + 46} ${y + 46} M${x + 46} ${y + 14} L${x + 14} ${y + 46}"/>`;
        }
        for (let r = 9; r >= 1; r--) for (let f = 0; f < 9; f++) {
            const sq = FILES[f] + r, [x, y] = squareXY(sq, n, cell, m);
            const cx = x + cell / 2, cy = y + cell / 2;
            if (v.winning && v.winning.has(sq))
                s += `<circle class="winmark" cx="${cx}" cy="${cy}" r="27"/>`;
            if (v.selected === sq)
                s += `<circle class="selring" cx="${cx}" cy="${cy}" r="27"/>`;
            if (v.targets && v.targets.has(sq))
                s += `<circle class="dot" cx="${cx}" cy="${cy}" r="9"/>`;
            if (v.hint && (v.hint.from === sq || v.hint.to === sq))
                s += `<rect class="hintmark" x="${x + 4}" y="${y + 4}" width="${cell - 8}" height="${cell - 8}" rx="8"/>`;
            const p = st.pieces[sq];
            let label = sq + (p === "t" ? ", attacker" : p === "T" ? ", defender" : p === "K" ? ", the king" : "") +
                (sq === "e5" ? (ashton ? ", the throne" : ", the castle") : "") +
                (ashton && CAMPS.has(sq) ? ", a camp" : "");
            if (v.targets && v.targets.has(sq)) label = "move to " + label;
            else if (v.sources && v.sources.has(sq)) label = "pick up " + label;
            s += hitRect(x, y, cell, cell, sq, v, label);
        }
        if (v.hint && v.hint.from && v.hint.to) {
            const [x1, y1] = squareXY(v.hint.from, n, cell, m), [x2, y2] = squareXY(v.hint.to, n, cell, m);
            s += arrow(x1 + cell / 2, y1 + cell / 2, x2 + cell / 2, y2 + cell / 2, "hintarrow");
        }
        return s + "</svg>";
    },
    rules: `
<p><b>Tablut</b>, the Sámi game Linnaeus wrote down in 1732, on 9x9 squares. The
<b>attackers</b> (16 black pieces, they move first) besiege the <b>defenders</b>: 8 white
soldiers and their <b>king</b>, who starts on the <b>castle</b> in the middle (e5).</p>
<p>Every piece, the king too, moves like a chess rook: any number of empty squares along a row or
column. No piece may stop on the castle; any may pass over it while it is empty; the king may
leave it but never come back.</p>
<p><b>Captures</b>: a soldier is taken when the moving piece traps it between itself and another
piece of the mover's side (the king counts as a defender) or the empty castle, on a row or
column. Moving between two enemies is safe.</p>
<p><b>The king</b> is taken when attackers surround him on all four sides (on the castle), on
the three free sides (next to the castle), or on two opposite sides elsewhere. The
<b>defenders win</b> when the king reaches any edge square (tinted); the <b>attackers win</b>
when they take him. A position repeated (the second time, by default) or a side without a move
is a draw.</p>
<p><b>Ashton rules</b> (variant <i>rules=ashton</i>, the Bologna Tablut Challenge's): the
defenders move first; nobody stops on or crosses the throne; the attackers' 16 start squares are
<b>camps</b> (hatched) that no other piece may enter or cross, and that capture like the throne;
the king escapes to the 20 edge squares outside the camps; a repeated position draws and a side
without a move loses.</p>
<p>Click a piece of the side to move, then one of the marked squares.</p>`,
    sample() {
        const st = this.parse("3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b");
        return { state: st, selected: "e2", targets: new Set(["a2", "b2", "c2", "d2", "f2", "g2", "h2", "i2"]),
                 caption: "The start: attackers (black) to move; the e2 attacker is picked up, " +
                     "its squares marked. The king stands on the castle (e5); edge squares are tinted." };
    }
};

/* -------------------------------------------------------- Grasshopper */

Games.grasshopper = {
    name: "grasshopper",
    wide: true,
    title: "Grasshopper",
    sides: ["white", "black"],
    sideLabel(i) { return i === 0 ? "White (moves first)" : "Black"; },
    shortLabel(i) { return i === 0 ? "White" : "Black"; },
    parse(pos) {
        const w = pos.trim().split(/\s+/);
        const pts = w[0].replace(/\//g, "");
        const st = { points: {}, toMove: w[1] === "b" ? 1 : 0 };
        for (let p = 1; p <= 24; p++) if (pts[p - 1] !== ".") st.points[p] = pts[p - 1];
        const res = (w[2] || "0,0").split(","), sc = (w[3] || "0,0").split(",");
        st.reserve = [+res[0], +res[1]];
        st.score = [+sc[0], +sc[1]];
        st.lastScorer = w[4] === "w" ? 0 : w[4] === "b" ? 1 : -1;
        return st;
    },
    split(move) {
        if (move === "pass") return ["pass"];
        return move.split("/");
    },
    lastMove(prev, st, move) {
        if (!move || move === "pass") return move === "pass" ? { pass: true } : null;
        const [from, to] = move.split("/");
        return { from, to };
    },
    captured() { return []; },
    /* What a click says of a point or tray that is no move's start (the
     * engine's legal_moves say which are): why the mover's piece or reserve
     * cannot move is the engine's (why_no_move, in why: "7" or "0" -> the
     * reason); an opponent's piece, an empty point, the trays are said here */
    whyNot(st, side, key, selected, why) {
        const me = side === 0 ? "w" : "b", who = this.shortLabel(side);
        if (key === "0")
            return why.has("0") ? `${why.get("0")}: the reserve cannot enter.` : `${who}'s reserve is empty.`;
        if (key === "off") return `no wall of ${who}'s stands in D to bear off.`;
        const c = st.points[key];
        const from = selected === "0" ? "a piece from the reserve" : `the piece on ${selected}`;
        if (selected && !c) return `${from} cannot go to ${key}.`;
        if (!c) return `${key} is empty: pick up one of ${who}'s pieces, or the reserve.`;
        if (c.toLowerCase() !== me) return `${key} is ${this.shortLabel(1 - side)}'s: pick up one of ${who}'s pieces.`;
        return why.has(key) ? `${key} has no move: ${why.get(key)}.` : null;
    },
    pickWords(st, key) {
        if (key === "0") return "a piece from the reserve";
        const c = st.points[key];
        return c && c === c.toUpperCase() ? `the top piece of the wall on ${key}` : `the single on ${key}`;
    },
    /* geometry: on a wide screen points 1-12 along the bottom (left to right),
     * 13-24 along the top (right to left), the reserve and the score trays on
     * the left; on a phone (narrow) the track is turned a quarter: 1-12 down
     * the left, 13-24 up the right, the trays side by side above it, so that
     * the points and their numbers are not drawn a few pixels small.
     * pw: a point's width along the track; tri: its length; B: the depth of
     * the triangle's base from the outer edge (the numbers stand outside it) */
    geom: { L: 170, pw: 60, H: 470, tri: 190, B: 14, r: 22 },
    geomNarrow: { W: 420, top: 172, pw: 46, tri: 130, B: 24, r: 19, th: 150 },
    narrow() {
        return typeof window !== "undefined" && !!window.matchMedia &&
            window.matchMedia("(max-width: 600px)").matches;
    },
    pointX(p) {
        const g = this.geom;
        return p <= 12 ? g.L + (p - 1) * g.pw + (p > 6 ? 20 : 0)
                       : g.L + (24 - p) * g.pw + (p < 19 ? 20 : 0);
    },
    /* where a point's picture goes: xy(a, d) is the spot a along the point
     * (0 to pw) and d in from the board's outer edge */
    place(p, narrow) {
        if (!narrow) {
            const g = this.geom, x0 = this.pointX(p), bottom = p <= 12;
            return { xy: (a, d) => [x0 + a, bottom ? g.H - d : d], g };
        }
        const g = this.geomNarrow, left = p <= 12;
        const y0 = g.top + (left ? (p - 1) * g.pw + (p > 6 ? 20 : 0)
                                 : (24 - p) * g.pw + (p < 19 ? 20 : 0));
        return { xy: (a, d) => [left ? d : g.W - d, y0 + a], g };
    },
    draw(v) {
        const st = v.state, narrow = this.narrow();
        const side = st.toMove;
        let W, H, trays;
        if (narrow) {
            const g = this.geomNarrow;
            W = g.W; H = g.top + 12 * g.pw + 20 + 14;
            const tw = (W - 30) / 2;
            trays = { res: [10, 10, tw, g.th], off: [20 + tw, 10, tw, g.th] };
        } else {
            const g = this.geom;
            W = g.L + 12 * g.pw + 20 + 16; H = g.H;
            trays = { off: [12, 14, g.L - 30, H / 2 - 24], res: [12, H / 2 + 10, g.L - 30, H / 2 - 24] };
        }
        let s = `<svg viewBox="0 0 ${W} ${H}" class="board grasshopper${narrow ? " narrow" : ""}" role="group" aria-label="Grasshopper track">`;
        s += `<rect class="frame" x="0" y="0" width="${W}" height="${H}" rx="8"/>`;
        if (narrow) {
            const g = this.geomNarrow;
            s += `<rect class="felt" x="${g.B - 4}" y="${g.top - 4}" width="${W - 2 * g.B + 8}" height="${12 * g.pw + 28}" rx="6"/>`;
            s += `<rect class="bar" x="${g.B - 4}" y="${g.top + 6 * g.pw}" width="${W - 2 * g.B + 8}" height="20"/>`;
            /* quadrant names, in the lane between the two rows of points:
             * A and B by the left row, C and D by the right */
            const lx = g.B + g.tri + 6, rx = W - g.B - g.tri - 6;
            const qy = (a, b) => (this.place(a, true).xy(0, 0)[1] + this.place(b, true).xy(g.pw, 0)[1]) / 2;
            const q = (x, y, anchor, l1, l2) =>
                `<text class="quad ${anchor}" x="${x}" y="${y - 4}">${l1}</text>` +
                (l2 ? `<text class="quad ${anchor}" x="${x}" y="${y + 14}">${l2}</text>` : "");
            s += q(rx, qy(24, 19) - 40, "end", "D 19–24", "(bear off)");
            s += q(lx, qy(1, 6) + 40, "start", "A 1–6", "(enter here)");
            s += q(rx, qy(18, 13) - 40, "end", "C 13–18", "");
            s += q(lx, qy(7, 12) + 20, "start", "B 7–12", "");
            const fy = this.place(12, true).xy(g.pw / 2, 0)[1];
            s += arrow(W / 2 - 45, fy, W / 2 + 45, fy, "flow");
        } else {
            const g = this.geom;
            s += `<rect class="felt" x="${g.L - 6}" y="10" width="${12 * g.pw + 32}" height="${H - 20}" rx="6"/>`;
            s += `<rect class="bar" x="${g.L + 6 * g.pw}" y="10" width="20" height="${H - 20}"/>`;
            /* quadrant names, in the lane between the tips of the points (and
             * of their clickable boxes) */
            const qx = (a, b) => (this.pointX(a) + this.pointX(b) + g.pw) / 2;
            s += `<text class="quad" x="${qx(1, 6)}" y="${H / 2 + 20}">A 1–6 (enter here)</text>`;
            s += `<text class="quad" x="${qx(7, 12)}" y="${H / 2 + 20}">B 7–12</text>`;
            s += `<text class="quad" x="${qx(13, 18)}" y="${H / 2 - 8}">C 13–18</text>`;
            s += `<text class="quad" x="${qx(19, 24)}" y="${H / 2 - 8}">D 19–24 (bear off)</text>`;
            const fx = this.pointX(12) + g.pw / 2;
            s += arrow(fx, H / 2 + 45, fx, H / 2 - 45, "flow");
        }
        for (let p = 1; p <= 24; p++) {
            const { xy, g } = this.place(p, narrow), pw = g.pw, B = g.B, r = g.r;
            const pt = (a, d) => xy(a, d).join(",");
            const box = (a0, a1, d0, d1) => {
                const [x0, y0] = xy(a0, d0), [x1, y1] = xy(a1, d1);
                return `x="${Math.min(x0, x1)}" y="${Math.min(y0, y1)}" ` +
                    `width="${Math.abs(x1 - x0)}" height="${Math.abs(y1 - y0)}"`;
            };
            const circle = (cls, d, rr) => {
                const [cx, cy] = xy(pw / 2, d);
                return `<circle class="${cls}" cx="${cx}" cy="${cy}" r="${rr}"/>`;
            };
            const c = st.points[p], wall = !!c && c === c.toUpperCase();
            let cls = "pt " + (p % 2 ? "pt-a" : "pt-b");
            if (v.last && (String(v.last.from) === String(p))) cls += " lastfrom";
            if (v.last && (String(v.last.to) === String(p))) cls += " lastsq";
            s += `<polygon class="${cls}" points="${pt(2, B)} ${pt(pw - 2, B)} ${pt(pw / 2, B + g.tri)}"/>`;
            const [nx, ny] = narrow ? xy(pw / 2, B / 2) : xy(pw / 2, p <= 12 ? 1 : 13);
            s += `<text class="ptnum" x="${nx}" y="${narrow ? ny + 5 : ny}">${p}</text>`;
            if (c) {
                const colour = c.toLowerCase() === "w" ? "white" : "black";
                if (wall)    /* a wall: two pieces bound together */
                    s += `<rect class="wallframe" ${box(3, pw - 3, B + 2, B + 100)} rx="${pw / 2 - 4}"/>`;
                for (let k = 0; k < (wall ? 2 : 1); k++)
                    s += circle(`checker ${colour}`, B + 28 + k * 46, r);
            }
            if (v.winning && v.winning.has(String(p))) s += circle("winmark", B + 28, r + 5);
            if (v.selected === String(p)) s += circle("selring", B + 28 + (wall ? 46 : 0), r + 4);
            if (v.targets && v.targets.has(String(p))) s += circle("dot", B + 28 + (c ? 46 : 0), 9);
            if (v.hint && (String(v.hint.from) === String(p) || String(v.hint.to) === String(p)))
                s += `<rect class="hintmark" ${box(3, pw - 3, B, B + g.tri)} rx="8"/>`;
            const what = !c ? "empty" : (wall ? "a wall" : "a single") + " of " +
                (c.toLowerCase() === "w" ? "White" : "Black");
            let label = `point ${p}, ${what}`;
            if (v.targets && v.targets.has(String(p))) label = "move to " + label;
            else if (v.sources && v.sources.has(String(p))) label = "move from " + label;
            /* the clickable box: the number and the point, not past its tip */
            const [hx0, hy0] = xy(0, 4), [hx1, hy1] = xy(pw, B + g.tri);
            s += hitRect(Math.min(hx0, hx1), Math.min(hy0, hy1), Math.abs(hx1 - hx0), Math.abs(hy1 - hy0),
                         String(p), v, label);
        }
        /* the trays: the scores (off) and the reserves */
        const [ox, oy, ow, oh] = trays.off, [rx0, ry, rw, rh] = trays.res;
        const chip = narrow ? { off: 7, offh: 5, res: 5, resh: 4 } : { off: 14, offh: 10, res: 8, resh: 6 };
        s += `<rect class="tray" x="${ox}" y="${oy}" width="${ow}" height="${oh}" rx="6"/>`;
        s += `<text class="traytitle" x="${ox + ow / 2}" y="${oy + 22}">Scored (off)</text>`;
        s += `<rect class="tray" x="${rx0}" y="${ry}" width="${rw}" height="${rh}" rx="6"/>`;
        s += `<text class="traytitle" x="${rx0 + rw / 2}" y="${ry + 22}">Reserve</text>`;
        for (let i = 0; i < 2; i++) {
            const colour = i === 0 ? "white" : "black";
            const cx = ox + ow / 4 + i * ow / 2, rcx = rx0 + rw / 4 + i * rw / 2;
            /* scores: a disc per point, the last scorer starred */
            s += `<text class="traylabel" x="${cx}" y="${oy + 44}">${this.shortLabel(i)}</text>`;
            s += `<text class="traycount" x="${cx}" y="${oy + oh - 12}">${st.score[i]}</text>`;
            for (let k = 0; k < Math.min(st.score[i], 7); k++)
                s += `<rect class="scorechip ${colour}" x="${cx - 18}" y="${oy + 56 + k * chip.off}" width="36" height="${chip.offh}" rx="3"/>`;
            if (st.lastScorer === i)
                s += `<text class="laststar" x="${cx}" y="${oy + oh - 32}"><title>${this.shortLabel(i)} scored last: another score wins</title>★ last</text>`;
            /* reserve: a stack of discs */
            s += `<text class="traylabel" x="${rcx}" y="${ry + 44}">${this.shortLabel(i)}</text>`;
            for (let k = 0; k < Math.min(st.reserve[i], 14); k++)
                s += `<rect class="reservechip ${colour}" x="${rcx - 20}" y="${ry + rh - (narrow ? 14 : 20) - k * chip.res}" width="40" height="${chip.resh}" rx="2"/>`;
            s += `<text class="traycount" x="${rcx}" y="${ry + 66}">${st.reserve[i]}</text>`;
        }
        /* the reserve and the bear-off area are clickable for the side to move */
        const inset = (t, k) => `x="${t[0] + k}" y="${t[1] + k}" width="${t[2] - 2 * k}" height="${t[3] - 2 * k}"`;
        if (v.last && v.last.from === "0")
            s += `<rect class="lastfrom-tray" ${inset(trays.res, 2)} rx="6"/>`;
        if (v.last && v.last.to === "off")
            s += `<rect class="lastsq-tray" ${inset(trays.off, 2)} rx="6"/>`;
        if (v.selected === "0")
            s += `<rect class="selring-tray" ${inset(trays.res, 2)} rx="6"/>`;
        if (v.targets && v.targets.has("off"))
            s += `<circle class="dot" cx="${ox + ow / 2}" cy="${oy + oh / 2}" r="11"/>`;
        if (v.winning && v.winning.has("off"))
            s += `<circle class="winmark" cx="${ox + ow / 2}" cy="${oy + oh / 2}" r="27"/>`;
        if (v.hint && (v.hint.to === "off" || v.hint.from === "0"))
            s += `<rect class="hintmark" ${inset(v.hint.to === "off" ? trays.off : trays.res, 4)} rx="8"/>`;
        s += hitRect(rx0, ry, rw, rh, "0", v,
                     `${this.shortLabel(side)}'s reserve, ${st.reserve[side]} pieces: enter a piece`);
        s += hitRect(ox, oy, ow, oh, "off", v, "bear off the wall");
        return s + "</svg>";
    },
    rules: `
<p><b>Grasshopper</b>, Matt Crispin's backgammon race without dice. Both sides move their
pieces along one track of 24 points, in four quadrants: A (1–6), B (7–12), C (13–18) and D
(19–24). White moves first; each side starts with its pieces (14 by default) in its
<b>reserve</b>.</p>
<p>A point is empty, holds a <b>single</b>, or a <b>wall</b> (two pieces of one colour).
One action a turn:</p>
<ul><li><b>Enter</b> a piece from the reserve onto an empty point of A.</li>
<li><b>Move a single</b> into the next quadrant, onto an empty point, or exactly 6 points
on onto your own single to build a wall; no wall of either colour may stand in between.</li>
<li><b>Move the top piece of a wall</b> into the next quadrant the same way: it jumps every
wall.</li>
<li><b>Bear off a wall</b> standing in D: both pieces leave and you <b>score a point</b>.</li></ul>
<p>A side that <b>scores twice in succession</b> (no score of the opponent in between)
<b>wins</b>. A side with no action passes; when neither side can act, the game is drawn.</p>
<p>Click the reserve or a piece of the side to move, then a marked point (or the
<i>Scored</i> tray to bear off). <b>Pass</b> appears when passing is the only move.</p>`,
    sample() {
        const st = this.parse("w.b.../..W.b./....../.B.... b 7,10 2,0 w");
        return { state: st, selected: "3", targets: new Set(["7", "8"]),
                 caption: "Black to move, its single on 3 picked up: it may go to 7 or 8; " +
                     "White's wall on 9 bars a single's way past it. Black's wall on 20 may " +
                     "be borne off. White scored last (★): one more score wins for White." };
    }
};
