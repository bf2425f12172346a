// hull report: draws the data of #hull-report-data (computed by hull's
// package report). Every text that comes from the model or the corpus is
// inserted with textContent or as an attribute value, never as markup.
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('hull-report-data').textContent);
  const SVG = 'http://www.w3.org/2000/svg';
  const K = D.k;
  const byId = (id) => document.getElementById(id);

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const name in attrs) e.setAttribute(name, String(attrs[name]));
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const name in attrs) e.setAttribute(name, String(attrs[name]));
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }
  function pct(x) {
    const p = 100 * x;
    return (p >= 10 ? p.toFixed(1) : p >= 0.1 ? p.toFixed(2) : p.toPrecision(2)) + '%';
  }
  function num(x) {
    if (x === 0) return '0';
    const a = Math.abs(x);
    return a >= 1e-3 && a < 1e5 ? String(Number(x.toPrecision(3))) : x.toExponential(2);
  }
  function count(n) {
    return Math.round(n).toLocaleString('en-US');
  }
  // counted returns n and the noun, singular for 1: '1 document', '2 documents'.
  function counted(n, noun, nouns) {
    return count(n) + ' ' + (n === 1 ? noun : nouns || noun + 's');
  }
  // shorten returns s cut to maxLabel characters, the last an ellipsis, when
  // longer: a label where the whole word is shown on hovering it.
  const maxLabel = 20;
  function shorten(s) {
    const cs = Array.from(s);
    return cs.length > maxLabel ? cs.slice(0, maxLabel - 1).join('') + '…' : s;
  }
  function topicName(k) {
    const label = D.topics[k].label;
    return 'topic ' + (k + 1) + (label ? ' (' + label + ')' : '');
  }
  // topWords returns the n (at most 10) most probable words of topic k: its
  // candidates are sorted by p(w|z), and hold its 10 top words whatever
  // D.terms.
  function topWords(k, n) {
    return D.topics[k].cand.slice(0, n).map((w) => D.words[w]);
  }

  let selected = -1;
  let lambda = 1;

  // Tooltip.
  const tip = byId('tooltip');
  function showTip(ev, head, body) {
    clear(tip);
    tip.appendChild(el('div', { class: 'tip-head' }, head));
    for (const line of body) tip.appendChild(el('div', {}, line));
    tip.hidden = false;
    moveTip(ev);
  }
  function moveTip(ev) {
    const x = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 4);
    const y = Math.min(ev.clientY + 14, window.innerHeight - tip.offsetHeight - 4);
    tip.style.left = Math.max(0, x) + 'px';
    tip.style.top = Math.max(0, y) + 'px';
  }
  function hideTip() {
    tip.hidden = true;
  }

  // Header.
  function drawSummary() {
    const parts = [(D.algorithm || 'model') + ', K = ' + K, counted(D.v, 'word')];
    if (D.docs) parts.push(counted(D.docs.n, 'document') + ', ' + counted(D.docs.tokens, 'token'));
    byId('summary').textContent = parts.join(' · ');
    byId('share-source').textContent = D.shareSource;
  }

  // The map.
  const circles = [];
  function drawMap() {
    const map = byId('map');
    const W = 520, pad = 8;
    const rmax = Math.min(64, Math.max(10, W / (2.3 * Math.sqrt(K))));
    let maxShare = 0;
    for (const t of D.topics) maxShare = Math.max(maxShare, t.share);
    const radius = (t) => Math.max(2.5, maxShare > 0 ? rmax * Math.sqrt(t.share / maxShare) : rmax);
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const t of D.topics) {
      x0 = Math.min(x0, t.x); x1 = Math.max(x1, t.x);
      y0 = Math.min(y0, t.y); y1 = Math.max(y1, t.y);
    }
    const span = Math.max(x1 - x0, y1 - y0) || 1;
    const scale = (W - 2 * (pad + rmax)) / span;
    const cx = (x) => W / 2 + (x - (x0 + x1) / 2) * scale;
    const cy = (y) => W / 2 - (y - (y0 + y1) / 2) * scale;
    map.appendChild(svg('line', { class: 'axis', x1: 0, y1: cy(0), x2: W, y2: cy(0) }));
    map.appendChild(svg('line', { class: 'axis', x1: cx(0), y1: 0, x2: cx(0), y2: W }));
    map.appendChild(svg('text', { class: 'axis-label', x: W - 4, y: cy(0) - 4, 'text-anchor': 'end' }, 'PC1'));
    map.appendChild(svg('text', { class: 'axis-label', x: cx(0) + 4, y: 12 }, 'PC2'));
    // Small circles on top, in an order no selection changes: the order of
    // the focus too.
    const order = D.topics.map((t, k) => k);
    order.sort((a, b) => radius(D.topics[b]) - radius(D.topics[a]) || a - b);
    const labels = svg('g', {});
    for (const k of order) {
      const t = D.topics[k];
      const c = svg('circle', {
        class: 'topic-circle', 'data-topic': k, cx: cx(t.x), cy: cy(t.y), r: radius(t),
        tabindex: 0, role: 'button', 'aria-label': topicName(k) + ', ' + pct(t.share) + ' of the tokens: ' + topWords(k, 5).join(', '),
      });
      c.addEventListener('mouseenter', (ev) => showTip(ev, topicName(k) + ' · ' + pct(t.share) + ' of the tokens', [topWords(k, 10).join(', ')]));
      c.addEventListener('mousemove', moveTip);
      c.addEventListener('mouseleave', hideTip);
      c.addEventListener('click', () => select(k));
      c.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); select(k); }
      });
      circles[k] = c;
      map.appendChild(c);
      const size = Math.max(7, Math.min(11, radius(t)));
      labels.appendChild(svg('text', { class: 'topic-label', x: cx(t.x), y: cy(t.y), 'font-size': size }, String(k + 1)));
    }
    // The selected topic's outline, over every circle but letting the
    // pointer through to them.
    ring = svg('circle', { class: 'ring', 'pointer-events': 'none', 'aria-hidden': 'true', visibility: 'hidden' });
    map.appendChild(ring);
    map.appendChild(labels);
  }
  let ring = null;

  // The topic picker and buttons.
  const picker = byId('topic-picker');
  function drawPicker() {
    picker.appendChild(el('option', { value: -1 }, 'none'));
    for (let k = 0; k < K; k++) picker.appendChild(el('option', { value: k }, String(k + 1) + ': ' + topWords(k, 3).map(shorten).join(' ')));
    picker.addEventListener('change', () => select(Number(picker.value)));
    byId('prev').addEventListener('click', () => select(selected <= 0 ? K - 1 : selected - 1));
    byId('next').addEventListener('click', () => select(selected < 0 || selected === K - 1 ? 0 : selected + 1));
    byId('clear').addEventListener('click', () => select(-1));
  }

  function select(k) {
    selected = k;
    for (let j = 0; j < K; j++) circles[j].classList.toggle('selected', j === k);
    if (k >= 0) for (const a of ['cx', 'cy', 'r']) ring.setAttribute(a, circles[k].getAttribute(a));
    ring.setAttribute('visibility', k >= 0 ? 'visible' : 'hidden');
    picker.value = String(k);
    drawBars();
    drawDocs();
  }

  // ranked returns the positions in topic k's candidates of its D.terms
  // most relevant words at lambda, ties to the lower word: the order of
  // report.TopRelevant, by the same floating-point operations.
  function ranked(k) {
    const t = D.topics[k];
    const rel = t.cand.map((w, j) => lambda * t.logp[j] + (1 - lambda) * (t.logp[j] - D.logPw[w]));
    const pos = t.cand.map((w, j) => j);
    pos.sort((a, b) => (rel[b] - rel[a]) || (t.cand[a] - t.cand[b]));
    return { pos: pos.slice(0, D.terms), rel: rel };
  }

  // The bars of the words: the word's tokens (grey) and the part of them
  // the selected topic accounts for (red).
  function drawBars() {
    const bars = byId('bars');
    clear(bars);
    const rows = [];
    let heading;
    if (selected < 0) {
      const n = D.overall.length, where = D.docs ? ' in the documents' : ' under the model';
      heading = (n === 0 ? 'No word of the model occurs in the documents' : n === 1 ? 'The most frequent word' + where
        : 'The ' + n + ' most frequent words' + where) + ' (no topic selected)';
      for (const w of D.overall) rows.push({ w: w, total: total(w), part: -1, info: [] });
    } else {
      const t = D.topics[selected];
      const r = ranked(selected);
      heading = topicName(selected) + ': ' + (r.pos.length === 1 ? 'its most relevant word' : 'its ' + r.pos.length + ' most relevant words') +
        ' at λ = ' + lambda.toFixed(2);
      for (const j of r.pos) {
        const w = t.cand[j];
        const pwz = Math.exp(t.logp[j]);
        const pw = Math.exp(D.logPw[w]);
        const pzw = Math.min(1, pwz * t.share / pw); // p(z|w)
        const info = ['p(w|z) ' + num(pwz) + ', p(w) ' + num(pw) + ', lift ' + num(pwz / pw) + ', relevance ' + num(r.rel[j]),
          pct(pzw) + ' of the word\'s tokens from this topic'];
        rows.push({ w: w, total: total(w), part: total(w) * pzw, info: info });
      }
    }
    byId('words-heading').textContent = heading;
    const labelW = 130, barW = 300, rowH = 16, top = 26;
    let max = 0;
    for (const row of rows) max = Math.max(max, row.total);
    const len = (x) => (max > 0 ? (x / max) * barW : 0);
    bars.setAttribute('viewBox', '0 0 520 ' + (top + rows.length * rowH + 6));
    bars.appendChild(svg('text', { class: 'caption', x: labelW + 4, y: 14 },
      D.docs ? 'tokens in the documents (grey), from this topic (red)' : 'share of the tokens under the model (grey), from this topic (red)'));
    rows.forEach((row, i) => {
      const y = top + i * rowH;
      const g = svg('g', { class: 'bar', 'data-word': row.w });
      const label = svg('text', { class: 'word', x: labelW - 4, y: y + 11.5 }, shorten(D.words[row.w]));
      g.appendChild(label);
      g.appendChild(svg('rect', { class: 'total', x: labelW, y: y + 2, width: len(row.total), height: rowH - 4 }));
      if (row.part >= 0) g.appendChild(svg('rect', { class: 'topic', x: labelW, y: y + 2, width: len(row.part), height: rowH - 4 }));
      g.appendChild(svg('text', { class: 'value', x: labelW + len(row.total) + 4, y: y + 11.5 }, D.docs ? count(row.total) : pct(row.total)));
      const head = D.words[row.w];
      const lines = row.info.concat([D.docs ? count(row.total) + ' tokens in the documents' : pct(row.total) + ' of the tokens under the model']);
      g.addEventListener('mouseenter', (ev) => showTip(ev, head, lines));
      g.addEventListener('mousemove', moveTip);
      g.addEventListener('mouseleave', hideTip);
      bars.appendChild(g);
      fitLabel(label, labelW - 8);
    });
  }
  // fitLabel shortens the text of label further while it is wider than
  // width (wide characters): words of at most 10 characters always fit.
  function fitLabel(label, width) {
    const cs = Array.from(label.textContent);
    for (let n = cs.length; n > 10 && label.getComputedTextLength() > width; n--) label.textContent = cs.slice(0, n - 2).join('') + '…';
  }
  function total(w) {
    return D.docs ? D.count[w] : Math.exp(D.logPw[w]);
  }

  function drawLambda() {
    const input = byId('lambda');
    const out = byId('lambda-value');
    input.value = '1';
    input.addEventListener('input', () => {
      lambda = parseFloat(input.value);
      out.textContent = lambda.toFixed(2);
      if (selected >= 0) drawBars();
    });
    byId('bars-legend').textContent = D.docs
      ? 'Grey: the word\'s tokens in the documents; red: the part the topic accounts for, tokens times p(z|w).'
      : 'Grey: the word\'s share of the tokens under the model, p(w); red: the part from the topic, p(w|z) p(z).';
  }

  // Search: the words the page holds (see the note) and their topics.
  const lower = D.words.map((w) => w.toLowerCase());
  function drawSearch() {
    const input = byId('search');
    byId('search-note').textContent = 'Search covers the ' + count(D.words.length) + ' words that are among some topic\'s ' +
      D.searchTop + ' most probable words or among its most relevant words at some λ; for each it lists the topics that hold it so, by p(w|z).';
    input.addEventListener('input', () => search(input.value));
  }
  // INVISIBLE holds the characters textsafe.Invisible lists, and unsafe
  // tells those textsafe.Unsafe does: textsafe.Data writes both as
  // escapes, as the page holds the words.
  const INVISIBLE = /^[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b\u2060-\u2065\u206a-\u206f\u3164\ufeff\uffa0\ufff0-\ufff8\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e00ff}\u{e01f0}-\u{e0fff}]$/u;
  function unsafe(cp) {
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x061c || cp === 0x200e || cp === 0x200f ||
      (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x2028 || cp === 0x2029 ||
      (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
  }
  const SHORT = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };
  // asShown returns q as textsafe.Data writes it: its backslashes doubled,
  // its unsafe and invisible characters escaped as Go's strconv does.
  function asShown(q) {
    let out = '';
    for (const c of q) {
      const cp = c.codePointAt(0);
      if (c === '\\') out += '\\\\';
      else if (!unsafe(cp) && !INVISIBLE.test(c)) out += c;
      else if (SHORT[cp]) out += SHORT[cp];
      else if (cp < 0x80) out += '\\x' + cp.toString(16).padStart(2, '0');
      else if (cp <= 0xffff) out += '\\u' + cp.toString(16).padStart(4, '0');
      else out += '\\U' + cp.toString(16).padStart(8, '0');
    }
    return out;
  }
  function search(query) {
    const list = byId('search-results');
    clear(list);
    for (const c of circles) c.classList.remove('hit');
    const q = query.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, ''); // trim() would take a word's U+FEFF
    if (q === '') return;
    // Words are held as shown (textsafe.Data): a word is found as shown
    // or as written, pasted with its invisible characters.
    const shown = asShown(q);
    const qs = shown !== q ? [q, shown] : [q];
    const qls = qs.map((x) => x.toLowerCase());
    const found = [];
    let exact = -1;
    for (const x of qs) if (exact < 0) exact = D.words.indexOf(x);
    if (exact >= 0) found.push(exact);
    for (let i = 0; i < lower.length && found.length < 12; i++) {
      if (i !== exact && qls.some((ql) => lower[i].startsWith(ql))) found.push(i);
    }
    if (found.length === 0) {
      list.appendChild(el('li', { class: 'none' }, 'No word of the page starts with “' + q + '”.'));
      return;
    }
    found.forEach((i, n) => {
      const li = el('li', { 'data-word': i });
      li.appendChild(el('span', { class: 'word' }, D.words[i]));
      const hits = D.hits[i];
      for (let h = 0; h < hits.length; h += 2) {
        const k = hits[h];
        const b = el('button', { type: 'button', class: 'hit', 'data-topic': k }, 'topic ' + (k + 1) + ' (' + num(hits[h + 1]) + ')');
        b.addEventListener('click', () => select(k));
        li.appendChild(b);
        if (n === 0) circles[k].classList.add('hit');
      }
      list.appendChild(li);
    });
  }

  // Documents: the selected topic's most representative documents and
  // the histogram of its weights over all of them.
  function drawDocs() {
    if (!D.docs) return;
    const docs = D.docs;
    byId('docs-panel').hidden = false;
    byId('docs-note').textContent = (docs.n === 1 ? 'The document' : 'The ' + count(docs.n) + ' documents') + ' of ' + (docs.source || 'the input') +
      (docs.n === 1 ? ', its' : ', their') + ' topic weights inferred under the model' + (docs.empty
        ? ' (' + count(docs.empty) + (docs.empty === 1 ? ' has no word of the model: left out of what follows, as its weights are the prior\'s). '
          : ' have no word of the model: left out of what follows, as their weights are the prior\'s). ')
        : '. ') + (docs.text
        ? 'A document is shown by its id, the start of its text and its most frequent words in the model\'s vocabulary.'
        : 'A corpus keeps each document as a bag of words: a document is shown by its id and its most frequent words in the model\'s vocabulary, not its text.');
    byId('docs-words-head').textContent = docs.text ? 'its text, then its most frequent words in the model' : 'its most frequent words in the model';
    const box = byId('docs-topic');
    if (selected < 0) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const k = selected;
    const low = docs.hist[k][0];
    byId('docs-summary').textContent = topicName(k) + ': the dominant topic of ' + (docs.dominant[k] === 0 ? 'no document' : counted(docs.dominant[k], 'document')) + ' (' +
      pct(docs.dominant[k] / Math.max(1, docs.n - (docs.empty || 0))) + '); ' + count(low) + (low === 1 ? ' gives' : ' give') + ' it less than ' + (1 / docs.hist[k].length).toFixed(2) +
      (low === 1 ? ' of its weight.' : ' of their weight.') + ' The histogram counts the documents by the topic\'s weight, from ' + (1 / docs.hist[k].length).toFixed(2) + ' up.';
    const labels = byId('docs-labels');
    labels.hidden = !docs.labels;
    if (docs.labels) {
      const tl = docs.labels[k];
      labels.textContent = tl.docs === 0 ? 'It is the dominant topic of no labelled document.'
        : (tl.docs === 1 ? 'The label of the labelled document' : 'The labels of the ' + count(tl.docs) + ' labelled documents') + ' it dominates: ' +
          tl.labels.map(l => l.label + ' ' + pct(l.docs / tl.docs) + ' (' + count(l.docs) + ')').join(', ') + '.';
    }
    drawHistogram(docs.hist[k]);
    const body = byId('docs').tBodies[0];
    clear(body);
    docs.top[k].forEach((d, r) => {
      const tr = el('tr', {});
      tr.appendChild(el('td', { class: 'num' }, String(r + 1)));
      tr.appendChild(el('td', { class: 'num' }, docs.weight[k][r].toFixed(3)));
      tr.appendChild(el('td', { class: 'id' }, docs.ids[d]));
      tr.appendChild(el('td', { class: 'num' }, count(docs.len[d])));
      const words = docs.words[d].map((w, i) => w + ' ×' + docs.counts[d][i]).join(', ');
      const td = el('td', {});
      if (docs.text && docs.text[d]) td.appendChild(el('div', { class: 'excerpt' }, docs.text[d]));
      td.appendChild(el('div', { class: 'words' }, words));
      const copies = docs.copies ? docs.copies[k][r] : 0;
      if (copies > 0) td.appendChild(el('div', { class: 'copies' }, '+' + count(copies) + (copies === 1 ? ' near-copy' : ' near-copies') + ' of it not shown, ranked above the last document shown'));
      tr.appendChild(td);
      body.appendChild(tr);
    });
  }
  function drawHistogram(bins) {
    const hist = byId('hist');
    clear(hist);
    const W = 520, H = 170, left = 40, bottom = 22, top = 8;
    const n = bins.length;
    let max = 0;
    for (let i = 1; i < n; i++) max = Math.max(max, bins[i]);
    const bw = (W - left - 6) / (n - 1);
    const h = (c) => (max > 0 ? (c / max) * (H - bottom - top) : 0);
    hist.appendChild(svg('line', { class: 'axis', x1: left, y1: H - bottom, x2: W, y2: H - bottom }));
    hist.appendChild(svg('text', { x: left - 4, y: top + 8, 'text-anchor': 'end' }, count(max)));
    hist.appendChild(svg('text', { x: left - 4, y: H - bottom, 'text-anchor': 'end' }, '0'));
    for (let i = 1; i < n; i++) {
      const x = left + (i - 1) * bw;
      const r = svg('rect', { class: 'bin', x: x + 1, y: H - bottom - h(bins[i]), width: bw - 2, height: h(bins[i]) });
      r.appendChild(svg('title', {}, 'weight ' + (i / n).toFixed(2) + '–' + ((i + 1) / n).toFixed(2) + ': ' + counted(bins[i], 'document')));
      hist.appendChild(r);
      if (i % 2 === 0) hist.appendChild(svg('text', { x: x, y: H - 6, 'text-anchor': 'middle' }, (i / n).toFixed(1)));
    }
    hist.appendChild(svg('text', { x: W - 2, y: H - 6, 'text-anchor': 'end' }, '1'));
  }

  // Health and provenance.
  function dl(node, pairs) {
    for (const [k, v, cls] of pairs) {
      node.appendChild(el('dt', {}, k));
      const dd = el('dd', cls ? { class: cls } : {}, v);
      node.appendChild(dd);
    }
  }
  function drawHealth() {
    const h = D.health;
    const half = ' at least half of their top ' + counted(h.Top, 'word');
    const pairs = [
      ['distinct top words', counted(h.DistinctWords, 'different word') + ' among the ' + h.K + ' × ' + h.Top + ' top words'],
      ['near-duplicate pairs', h.Pairs === 0 ? 'none: a single topic' : h.Pairs === 1 ? 'the two topics ' + (h.NearDuplicatePairs ? 'share' : 'do not share') + half
        : h.NearDuplicatePairs + ' of the ' + h.Pairs + ' topic pairs share' + half],
    ];
    const dominated = D.docs ? D.docs.dominant.reduce((a, b) => a + b, 0) : 0;
    if (h.Docs > 0) {
      const rareShare = num(100 * h.RareShare) + '%';
      pairs.push(['largest topic', 'topic ' + (h.LargestTopic + 1) + ' is the dominant topic of ' + pct(h.LargestShare) + ' of the ' + counted(h.Docs, 'document')]);
      const rare = (h.RareTopics || []).map((k) => String(k + 1));
      pairs.push(['rare topics', rare.length === 0 ? 'none (every topic dominates at least ' + rareShare + ' of the documents)'
        : rare.length + (rare.length === 1 ? ' dominates' : ' dominate') + ' fewer than ' + rareShare + ' of the documents: ' + rare.join(', ')]);
      if (h.TooFewDocs) {
        pairs.push(['documents', 'too few to judge ' + h.K + ' topics by (want at least ' + count(h.MinDocs) + '): no sign of collapse or incoherence is drawn from them']);
      }
    } else if (D.docs && D.docs.n === 0) {
      pairs.push(['documents', 'none: the input holds no document']);
    } else if (D.docs && dominated === 0) {
      pairs.push(['documents', (D.docs.n === 1 ? 'the document has no word' : 'none of the ' + count(D.docs.n) + ' documents has a word') +
        ' of the model: the document figures need documents that have one']);
    } else if (D.docs) {
      pairs.push(['documents', 'the health figures given were measured without documents']);
    } else {
      pairs.push(['documents', 'none given: the document figures need the corpus (hull report MODEL INPUT)']);
    }
    if (h.NPMI) {
      const inc = (h.IncoherentTopics || []).map((k) => String(k + 1));
      pairs.push(['incoherent topics', (inc.length === 0 ? 'none' : inc.length + ': ' + inc.join(', '))
        + ' (their top words occur together less often than at random); the least NPMI ' + h.NPMI[h.LeastTopic].toFixed(3)
        + ' (topic ' + (h.LeastTopic + 1) + ')', h.Incoherent ? 'warn' : '']);
    }
    if (h.Collapsed) {
      pairs.push(['collapsed', 'yes: ' + (h.Signs || []).join('; '), 'warn']);
      pairs.push(['advice', h.Advice]);
    } else {
      pairs.push(['collapsed', 'no sign of collapse']);
      if (h.Incoherent) pairs.push(['advice', h.Advice]);
    }
    dl(byId('health'), pairs);
  }
  function drawProvenance() {
    dl(byId('provenance'), D.provenance);
    if (D.params.length === 0) dl(byId('params'), [['none', 'recorded']]);
    else dl(byId('params'), D.params);
  }

  drawSummary();
  drawMap();
  drawPicker();
  drawLambda();
  drawSearch();
  drawHealth();
  drawProvenance();
  select(-1);
  document.body.setAttribute('data-ready', 'true');
  performance.mark('hull-report-ready');
})();
