// DIDojo teacher dashboard (and projector view). A plain script with no build step: the class
// server serves this file as it is. See Sources/ClassServer/API.md for the routes it calls.
//
// Safety rule for the whole file: every string that comes from the server (learner names, check
// names, mistakes, ask texts, files) enters the page through text nodes (the el() helper below
// and textContent), never innerHTML, because learners choose their own names.
'use strict';

(function () {
  const PROJECTOR = /\/projector\/?$/.test(location.pathname);
  const TOKEN_KEY = 'didojo-projector-token';
  const BAD_TOKEN = PROJECTOR
    ? "This projector link's token is not valid: copy the projector link that 'didojo class serve' printed."
    : 'This browser is not signed in to the class (or its sign-in has ended).';
  // The projector's read-only token comes in its link; the teacher's browser carries no token
  // at all, only its session cookie (HttpOnly: this script never sees it).
  const token = PROJECTOR ? readProjectorToken() : null;

  let stream = null;          // the EventSource, closed when the token turns out to be bad
  let offlineSince = null;    // Date when the stream was lost, null while live
  let lastRoom = null;        // the newest room, re-rendered now and then to age "5 min" texts
  let roomReceivedAt = 0;     // Date.now() when lastRoom arrived
  const shownKeys = {};       // section id -> JSON of what it shows now (see renderSection)
  const rowCache = { columnsKey: null, rows: new Map() };   // the grid's rows (see buildGrid)

  function readProjectorToken() {
    const fromURL = new URLSearchParams(location.search).get('token');
    if (fromURL) {
      try { sessionStorage.setItem(TOKEN_KEY, fromURL); } catch (e) { /* storage off: fine */ }
      // The whole class sees the projector's screen, address bar included: take the token out
      // of the URL. sessionStorage keeps it for a reload of this tab.
      history.replaceState(null, '', location.pathname);
      return fromURL;
    }
    try { return sessionStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
  }

  // ---- small helpers -------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  // Builds an element. Strings and numbers among the children become text nodes, so nothing a
  // learner typed is ever parsed as HTML. Attribute values go through setAttribute (inert text).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'onclick') node.addEventListener('click', value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // An SVG element: attributes only, through setAttribute.
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    for (const child of children) node.appendChild(child);
    return node;
  }

  function setText(id, text) { const n = $(id); if (n) n.textContent = text; }
  function plural(n, word) { return `${n} ${word}${n === 1 ? '' : 's'}`; }

  function duration(seconds) {
    const s = Math.max(0, Math.floor(seconds || 0));
    if (s < 60) return `${s} s`;
    if (s < 3600) return `${Math.floor(s / 60)} min`;
    return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  }

  // Seconds since the room was sent: the server's "stuck for" and "time ago" keep growing between
  // events, and we age them by our own clock rather than compare our clock with the server's.
  function aged() { return (Date.now() - roomReceivedAt) / 1000; }

  // A message (a new join code…) says its piece and goes after MESSAGE_MS. Its timer is the
  // browser's, or a test's clock when one was put in place before this script ran
  // (window.didojoClock: after(ms, f) → handle, cancel(handle)).
  const MESSAGE_MS = 15000;
  const messageClock = window.didojoClock || { after: (ms, f) => setTimeout(f, ms), cancel: (handle) => clearTimeout(handle) };
  let messageTimer = null;
  function say(text) {
    setText('message', text);
    if (messageTimer !== null) messageClock.cancel(messageTimer);
    messageTimer = text ? messageClock.after(MESSAGE_MS, () => { messageTimer = null; setText('message', ''); }) : null;
  }

  // Replaces the whole page with the bad-token sentence: nothing else on it would work anyway.
  function showBadToken() {
    if (stream) stream.close();
    try { sessionStorage.removeItem(TOKEN_KEY); } catch (e) { /* fine */ }
    document.body.replaceChildren(el('main', { id: 'auth-error', role: 'alert' },
      el('h1', null, 'DIDojo class'), el('p', null, BAD_TOKEN),
      PROJECTOR ? null : el('p', null, el('a', { href: '/signin' }, 'Sign in'))));
  }

  // The headers of every request the page makes: the projector's token, or, from the
  // teacher's signed-in browser, the header that tells the server the dashboard itself asks
  // (the cookie goes along by itself).
  function authHeaders() {
    return token ? { Authorization: 'Bearer ' + token } : { 'X-Didojo-Dashboard': '1' };
  }

  async function api(method, path, body) {
    const init = { method, headers: authHeaders(), credentials: 'same-origin' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(path, init);
    if (res.status === 401) { showBadToken(); throw new Error(BAD_TOKEN); }
    if (!res.ok) {
      let reason = `the server answered ${res.status}`;
      try { reason = (await res.json()).error || reason; } catch (e) { /* not JSON */ }
      throw new Error(reason);
    }
    return res;
  }

  // ---- rendering -----------------------------------------------------------------------------

  // Rebuilds one part of the page, but only when what it shows changed. The stream may send ten
  // rooms a second; replacing an unchanged button between mouse-down and mouse-up would swallow
  // the teacher's click, and rebuilding unchanged lists would make screen readers chatter.
  function renderSection(id, data, build) {
    const host = $(id);
    if (!host) return;                      // removed in this mode (e.g. names on the projector)
    const key = JSON.stringify(data);
    if (shownKeys[id] === key) return;
    shownKeys[id] = key;
    host.replaceChildren(...[].concat(build(data)));
  }

  // The name as the teacher reads it: a second "Ada" who joined is "Ada #2".
  function displayName(learner) {
    return learner.sameNameNumber ? `${learner.name} #${learner.sameNameNumber}` : learner.name;
  }

  function clock(seconds) {
    if (!seconds) return '';
    return new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  function passedCount(learner) {
    return Object.values(learner.cells || {}).filter((c) => c.state === 'passed' && c.grade !== 'takenBack').length;
  }

  // The teacher's choice of order, kept for a reload of the tab.
  function sortKey() {
    try { return sessionStorage.getItem('didojo-sort') || 'joined'; } catch (e) { return 'joined'; }
  }

  function sorted(learners) {
    const list = learners.slice();
    switch (sortKey()) {
      case 'name': return list.sort((a, b) => displayName(a).localeCompare(displayName(b)));
      case 'stuck': return list.sort((a, b) => (b.stuckSeconds - a.stuckSeconds) || (b.failedInARow - a.failedInARow));
      case 'progress': return list.sort((a, b) => passedCount(b) - passedCount(a));
      default: return list;
    }
  }

  // The locked lessons' Unlock buttons (and Lock again for those the teacher unlocked), above
  // the grid: a lesson's column may be far to the right of a wide room, out of view.
  function buildLocks(items) {
    if (!items.length) return [];
    return [el('span', { class: 'label' }, 'Locked lessons:'), ...items.map((l) => el('span', {
      class: 'lesson-lock', 'data-lesson': l.id, 'data-locked': l.locked ? 'true' : 'false',
    }, l.title, l.locked ? null : ' (unlocked by you)', ' ',
    l.locked
      ? el('button', { type: 'button', class: 'unlock', 'data-lesson': l.id, onclick: (e) => unlock(l.id, e.currentTarget) }, 'Unlock for the room')
      : el('button', { type: 'button', class: 'lock', 'data-lesson': l.id, onclick: (e) => lockAgain(l.id, e.currentTarget) }, 'Lock again')))];
  }

  function render(room) {
    const learners = room.learners || [];
    const lessons = room.lessons || [];
    const totals = room.totals || {};
    const hands = room.hands || [];
    // A raised hand shows in the tab's title too: the teacher may be in another tab.
    const handsTitle = !PROJECTOR && hands.length ? `(${hands.length} ☝) ` : '';
    document.title = `${handsTitle}${PROJECTOR ? 'Projector' : 'Dashboard'} · ${room.className}`;
    setText('class-name', room.className);
    setText('join-code', room.joinCode);
    setText('learner-count', plural(learners.length, 'learner'));
    const percent = totals.cells ? Math.round(100 * totals.passedCells / totals.cells) : 0;
    setText('totals', `${totals.passedCells || 0} of ${totals.cells || 0} exercises passed (${percent}%)`);

    if (PROJECTOR) {
      renderSection('progress', progressData(lessons, learners), buildProgress);
      return;                               // nothing below may reach the projector
    }
    const raised = {};
    for (const h of hands) raised[h.learnerID] = (raised[h.learnerID] || 0) + 1;
    // The grid ages its idle times and time boxes by the minute: the minute is part of what it
    // shows, so it is built again when the minute changes, not at every tick.
    const serverNow = (room.serverTime || 0) + aged();
    renderSection('grid-scroll', {
      lessons, learners: sorted(learners), raised, sort: sortKey(), minute: Math.floor(serverNow / 60),
      expanded: lessons.map((lesson, index) => isExpanded(lesson, learners, index)),
    }, (data) => buildGrid(data, serverNow));
    renderSection('locks', lessons.filter((l) => l.unlocked === false || l.unlockedByTeacher)
      .map((l) => ({ id: l.id, title: l.title || l.id, locked: l.unlocked === false })), buildLocks);
    setText('hand-count', hands.length ? `(${hands.length})` : '');
    const byID = {};
    for (const p of learners) byID[p.id] = p;
    const nameOf = (id, fallback) => (byID[id] ? displayName(byID[id]) : fallback);
    const now = aged();
    renderSection('stuck-list', (room.stuck || []).map((s) => ({
      learner: s.learnerID, exercise: s.exerciseID,
      text: `${nameOf(s.learnerID, s.name)} — ${s.exerciseID} — ${duration(s.seconds + now)}` +
        (s.failedInARow ? `, ${plural(s.failedInARow, 'failed check')} in a row` : ''),
    })), (items) => listOrEmpty(items, 'Nobody is stuck.'));
    renderSection('failures-list', (room.commonFailures || []).map((f) => ({
      exercise: f.exerciseID,
      text: `${f.exerciseID}: '${f.check}' fails for ${plural(f.learners, 'learner')}`,
    })), (items) => listOrEmpty(items, 'No check is failing for several learners.'));
    renderSection('mistakes-list', (room.commonMistakes || []).map((m) => ({
      exercise: m.exerciseID,
      text: `${m.exerciseID}: '${m.mistake}' made by ${plural(m.learners, 'learner')}`,
    })), (items) => listOrEmpty(items, 'No common mistake.'));
    renderSection('hands-list', hands.map((h) => ({
      id: h.id, learner: h.learnerID, exercise: h.exerciseID, name: nameOf(h.learnerID, h.name), text: h.text,
      ago: duration((room.serverTime || 0) - (h.time || 0) + now) + ' ago',
    })), buildHands);
  }

  function listOrEmpty(items, emptyText) {
    if (!items.length) return el('li', { class: 'empty' }, emptyText);
    return items.map((i) => el('li', { 'data-learner': i.learner, 'data-exercise': i.exercise }, i.text));
  }

  // A lesson's exercise columns; a collapsed lesson has none (its summary column stays).
  function columnsOf(lesson, expanded) { return expanded ? (lesson.exercises || []) : []; }

  // Which lessons show their exercises: the teacher's choice, kept for a reload of the tab;
  // until then the first lesson and those someone has worked in, so that the room's columns
  // fit the screen.
  function expandedChoice() {
    try { return JSON.parse(sessionStorage.getItem('didojo-expanded') || '{}') || {}; } catch (e) { return {}; }
  }

  function isExpanded(lesson, learners, index) {
    const choice = expandedChoice();
    if (Object.prototype.hasOwnProperty.call(choice, lesson.id)) return choice[lesson.id] === true;
    return index === 0 || learners.some((p) => startedAt(p, lesson) !== undefined);
  }

  function toggleLesson(lessonID, expanded) {
    const choice = expandedChoice();
    choice[lessonID] = !expanded;
    try { sessionStorage.setItem('didojo-expanded', JSON.stringify(choice)); } catch (e) { /* fine */ }
    if (lastRoom) render(lastRoom);
  }

  // A key of a map the server sent, never one every object has: a lesson is named
  // "constructor", and ({}).constructor is Object.
  function own(map, key) { return map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined; }

  // When the learner's first event in the lesson arrived (server time), or undefined.
  function startedAt(learner, lesson) { return own(learner.lessonsStarted, lesson.id); }

  function passedCell(learner, exerciseID) {
    const c = own(learner.cells, exerciseID);
    return !!c && c.state === 'passed' && c.grade !== 'takenBack';
  }

  // A learner's minutes in a lesson against its time box, counted from their first event in
  // it (the server's clock) to now; null without a box or before they started.
  function timeBox(learner, lesson, serverNow) {
    const started = startedAt(learner, lesson);
    if (!lesson.timeBoxMinutes || started === undefined) return null;
    const exercises = lesson.exercises || [];
    const done = exercises.length > 0 && exercises.every((x) => passedCell(learner, x.id));
    const minutes = Math.max(0, Math.floor((serverNow - started) / 60));
    return { minutes, box: lesson.timeBoxMinutes, done, over: !done && minutes > lesson.timeBoxMinutes };
  }

  // A learner's lesson in one cell: exercises passed of all, and the time box when it is over.
  function summaryCell(learner, lesson, serverNow) {
    const exercises = lesson.exercises || [];
    const passed = exercises.filter((x) => passedCell(learner, x.id)).length;
    const failing = exercises.filter((x) => (own(learner.cells, x.id) || {}).state === 'failing').length;
    const box = timeBox(learner, lesson, serverNow);
    const started = startedAt(learner, lesson) !== undefined || passed + failing > 0;
    let words = started ? `${passed} of ${plural(exercises.length, 'exercise')} passed` : 'not started';
    if (failing) words += `, ${failing} failing`;
    if (box) {
      words += box.done ? `; done within ${box.minutes} of the ${box.box}-minute time box`
        : box.over ? `; ${box.minutes - box.box} min over the ${box.box}-minute time box`
          : `; ${box.minutes} of the ${box.box}-minute time box used`;
    }
    return el('td', {
      class: `summary${box && box.over ? ' over-time' : ''}${passed === exercises.length && exercises.length ? ' done' : ''}`,
      'data-learner': learner.id, 'data-lesson': lesson.id, 'data-passed': passed, 'data-over': box && box.over ? 'true' : null,
      title: words, 'aria-label': words,
    }, started ? `${passed}/${exercises.length}` : '·', box && box.over ? el('span', { class: 'over-mark' }, ` +${box.minutes - box.box}′`) : null);
  }

  // Minutes since the learner's shell last sent anything (reading a page sends nothing): shown
  // from five minutes on.
  const IDLE_FROM_SECONDS = 300;

  function buildGrid({ lessons, learners, raised, expanded }, serverNow) {
    if (!lessons.length) return el('p', { class: 'empty' }, 'This class has no lessons.');
    const lessonRow = el('tr', null,
      el('th', { rowspan: 2, scope: 'col', class: 'name' }, 'Learner'),
      el('th', { rowspan: 2, scope: 'col', class: 'hints', title: 'hints used' }, 'Hints'),
      el('th', { rowspan: 2, scope: 'col', class: 'idle', title: 'time since their shell last sent anything (shown from 5 min)' }, 'Idle'),
      lessons.map((lesson, index) => {
        const locked = lesson.unlocked === false;
        const open = expanded[index];
        return el('th', {
          scope: 'colgroup', colspan: 1 + columnsOf(lesson, open).length, class: 'lesson',
          'data-lesson': lesson.id, 'data-locked': locked ? 'true' : 'false', 'data-expanded': open ? 'true' : 'false',
        }, el('button', {
          type: 'button', class: 'toggle-lesson', 'data-lesson': lesson.id, 'aria-expanded': open ? 'true' : 'false',
          title: open ? 'Collapse to a summary' : 'Show the exercises', onclick: () => toggleLesson(lesson.id, open),
        }, open ? '▾' : '▸'), ' ',
        el('span', { class: 'lesson-title' }, lesson.title || lesson.id),
        lesson.timeBoxMinutes ? [' ', el('span', { class: 'time-box', 'data-minutes': lesson.timeBoxMinutes }, `(${lesson.timeBoxMinutes} min)`)] : null,
        locked ? [' ', el('span', { class: 'locked-tag' }, '(locked)')] : null,
        lesson.unlockedByTeacher ? [' ', el('span', { class: 'locked-tag' }, '(unlocked by you)')] : null);
      }));
    const exerciseRow = el('tr', null, lessons.map((lesson, index) => [
      el('th', { scope: 'col', class: 'summary-head', 'data-lesson': lesson.id, title: 'exercises passed of the lesson\'s' }, 'Passed'),
      columnsOf(lesson, expanded[index]).map((x) => el('th', { scope: 'col', class: 'exercise', 'data-exercise': x.id, title: x.title || null }, x.id)),
    ]));
    // A room of 300 changes a few rows at a time: a row whose learner, hands, columns and
    // minute are what they were is the same element, not built again.
    const columnsKey = JSON.stringify([lessons.map((l) => [l.id, (l.exercises || []).length]), expanded, Math.floor(serverNow / 60)]);
    if (rowCache.columnsKey !== columnsKey) {
      rowCache.columnsKey = columnsKey;
      rowCache.rows = new Map();
    }
    const kept = new Map();
    const rows = learners.map((p) => {
      const { stuckSeconds, ...shown } = p;   // the stuck time is only for sorting
      const key = JSON.stringify([shown, raised[p.id] || 0]);
      const cached = rowCache.rows.get(p.id);
      const node = cached && cached.key === key ? cached.node : learnerRow(p, lessons, expanded, raised, serverNow);
      kept.set(p.id, { key, node });
      return node;
    });
    rowCache.rows = kept;
    if (!learners.length) {
      rows.push(el('tr', null, el('td', { class: 'empty', colspan: 3 + lessons.reduce(
        (n, l, index) => n + 1 + columnsOf(l, expanded[index]).length, 0) }, 'No learner has joined yet.')));
    }
    return el('table', { id: 'grid' }, el('thead', null, lessonRow, exerciseRow), el('tbody', null, rows));
  }

  function learnerRow(p, lessons, expanded, raised, serverNow) {
    return el('tr', { 'data-learner': p.id, 'data-hand': raised[p.id] ? 'raised' : null },
      el('th', {
        scope: 'row', class: 'name',
        title: `${displayName(p)}: joined at ${clock(p.joinedAt)}, ${plural(p.hintsUsed || 0, 'hint')} used` +
          (raised[p.id] ? `, ${plural(raised[p.id], 'hand')} up` : ''),
      }, el('button', { type: 'button', class: 'learner-name', 'data-learner': p.id, onclick: () => showLearner(p.id) },
        raised[p.id] ? el('span', { class: 'hand-mark', 'aria-label': 'hand up' }, '☝ ') : null,
        p.name, p.sameNameNumber ? el('span', { class: 'same-name' }, ` #${p.sameNameNumber} · ${clock(p.joinedAt)}`) : null)),
      el('td', { class: 'hints', 'data-hints': p.hintsUsed || 0, title: plural(p.hintsUsed || 0, 'hint') + ' used' }, p.hintsUsed ? String(p.hintsUsed) : ''),
      idleCell(p, serverNow),
      lessons.map((lesson, index) => [summaryCell(p, lesson, serverNow), columnsOf(lesson, expanded[index]).map((x) => cell(p, x))]));
  }

  function idleCell(learner, serverNow) {
    const seconds = Math.max(0, serverNow - (learner.lastSeen || serverNow));
    const idle = seconds >= IDLE_FROM_SECONDS;
    return el('td', {
      class: `idle${idle ? ' is-idle' : ''}`, 'data-idle-minutes': Math.floor(seconds / 60),
      title: `last heard from ${duration(seconds)} ago`,
    }, idle ? duration(seconds) : '');
  }

  // One grid cell. The state is carried by a symbol and by words (title, aria-label); the colour
  // only supports them, so colour-blind teachers and black-and-white projectors lose nothing.
  function cell(learner, exercise) {
    const c = own(learner.cells, exercise.id) || {};
    const state = c.state === 'passed' || c.state === 'failing' ? c.state : 'untried';
    const attempts = c.attempts || 0;
    let symbol = '·', words = 'not tried';
    const grade = state === 'passed' ? (c.grade || 'reported') : null;
    if (grade === 'verified') { symbol = '✓✓'; words = `passed, verified by verify (${plural(attempts, 'attempt')} reported)`; }
    if (grade === 'reported') { symbol = '✓'; words = `passed after ${plural(attempts, 'attempt')}, as the learner's shell reported it (not verified)`; }
    if (grade === 'takenBack') { symbol = '↩'; words = `reported passed, but verify failed it: taken back`; }
    if (state === 'failing') {
      symbol = '✗' + attempts;
      words = `failing after ${plural(attempts, 'attempt')}, ${c.failedInARow || 0} failed in a row`;
    }
    const current = learner.current === exercise.id;
    const hints = own(learner.hints, exercise.id) || 0;
    if (hints) words += `; ${plural(hints, 'hint')} used`;
    return el('td', {
      class: `cell ${state}${grade ? ' ' + grade : ''}${current ? ' current' : ''}`, 'data-state': state, 'data-grade': grade,
      'data-learner': learner.id, 'data-exercise': exercise.id, 'data-current': current ? 'true' : null,
      title: words + (current ? ' (working on it now)' : ''), 'aria-label': words,
    }, symbol);
  }

  function buildHands(hands) {
    if (!hands.length) return el('li', { class: 'empty' }, 'No hands raised.');
    return hands.map((h) => el('li', { 'data-hand': h.id, 'data-learner': h.learner, 'data-exercise': h.exercise },
      el('div', { class: 'hand-head' }, el('strong', null, h.name), ` — ${h.exercise} — ${h.ago}`),
      el('p', { class: 'hand-text' }, h.text),
      el('button', { type: 'button', class: 'show-hand', 'data-hand': h.id, onclick: () => showHand(h.id) }, 'Show'),
      ' ',
      el('button', { type: 'button', class: 'done-hand', 'data-hand': h.id,
        onclick: (e) => handDone(h.id, e.currentTarget) }, 'Done')));
  }

  // Projector: per exercise only counts, no names. Learners without a cell have not tried it.
  function progressData(lessons, learners) {
    return lessons.map((lesson) => ({
      id: lesson.id, title: lesson.title || lesson.id, locked: lesson.unlocked === false,
      exercises: (lesson.exercises || []).map((x) => {
        let passed = 0, failing = 0;
        for (const p of learners) {
          const c = own(p.cells, x.id) || {};
          // A pass verify took back is not a pass.
          if (c.state === 'passed' && c.grade !== 'takenBack') passed += 1;
          if (c.state === 'failing' || c.grade === 'takenBack') failing += 1;
        }
        return { id: x.id, title: x.title, passed, failing, untried: learners.length - passed - failing };
      }),
    }));
  }

  function buildProgress(lessons) {
    if (!lessons.length) return el('p', { class: 'empty' }, 'This class has no lessons.');
    return lessons.map((lesson) => el('div', { class: 'progress-lesson', 'data-lesson': lesson.id },
      el('h3', null, lesson.title, lesson.locked ? el('span', { class: 'locked-tag' }, ' (locked)') : null),
      el('table', { class: 'progress' },
        el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'Exercise'),
          el('th', { scope: 'col' }, '✓ passed'), el('th', { scope: 'col' }, '✗ failing'),
          el('th', { scope: 'col' }, '· not tried'), el('th', { scope: 'col', class: 'bar-col' }, 'Share'))),
        el('tbody', null, lesson.exercises.map((x) => {
          const all = Math.max(1, x.passed + x.failing + x.untried);
          // An SVG drawing, its parts sized by attributes: the page's content security policy
          // forbids inline styles, and a style attribute would simply be dropped.
          let left = 0;
          const part = (n, state) => {
            const width = 100 * n / all;
            const rect = svg('rect', { class: `bar-part ${state}`, x: left, y: 0, width, height: 10, 'data-share': Math.round(width) });
            left += width;
            return rect;
          };
          return el('tr', { 'data-exercise': x.id, 'data-passed': x.passed, 'data-failing': x.failing, 'data-untried': x.untried },
            el('th', { scope: 'row', title: x.title || null }, x.id),
            el('td', { class: 'passed', 'data-state': 'passed' }, `✓ ${x.passed}`),
            el('td', { class: 'failing', 'data-state': 'failing' }, `✗ ${x.failing}`),
            el('td', { class: 'untried', 'data-state': 'untried' }, `· ${x.untried}`),
            el('td', { class: 'bar-col' }, svg('svg', { class: 'bar', viewBox: '0 0 100 10', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
              part(x.passed, 'passed'), part(x.failing, 'failing'), part(x.untried, 'untried'))));
        })))));
  }

  // ---- actions -------------------------------------------------------------------------------

  async function rotateCode(button) {
    if (!confirm('Rotate the join code? The old code stops working; learners who joined stay in.')) return;
    button.disabled = true;
    try {
      const answer = await (await api('POST', '/api/rotate-code')).json();
      setText('join-code', answer.joinCode);
      say(`New join code: ${answer.joinCode}`);
    } catch (e) { say(`Could not rotate the code: ${e.message}`); }
    button.disabled = false;
  }

  // A one-time sign-in link for another browser (a tablet, say), shown here only, under the
  // button, until the teacher makes another: it signs in one browser, once, within an hour.
  async function signInAnother(button) {
    button.disabled = true;
    try {
      const answer = await (await api('POST', '/api/signin-code')).json();
      setText('signin-link', location.origin + answer.path);
      $('signin-link-box').hidden = false;
      say('A sign-in link for one more browser is under "Another browser": it works once, within an hour.');
    } catch (e) { say(`Could not make a sign-in link: ${e.message}`); }
    button.disabled = false;
  }

  // Signs this browser out: the server forgets its session for good (a copy of the cookie opens
  // nothing either) and clears the cookie; the page goes to the sign-in page.
  async function signOut(button) {
    button.disabled = true;
    try {
      await api('POST', '/api/signout');
      if (stream) stream.close();
      location.replace('/signin#signed-out');
    } catch (e) { button.disabled = false; say(`Could not sign out: ${e.message}`); }
  }

  async function unlock(lessonID, button) {
    if (!confirm(`Unlock ${lessonID} for the whole room? Every learner can open it at once, before passing the lesson before it.`)) return;
    button.disabled = true;               // the stream's next room replaces the button
    try { await api('POST', '/api/unlock', { lesson: lessonID }); say(`Unlocked ${lessonID} for the room.`); }
    catch (e) { button.disabled = false; say(`Could not unlock ${lessonID}: ${e.message}`); }
  }

  async function lockAgain(lessonID, button) {
    if (!confirm(`Lock ${lessonID} again? Learners who have not passed the lesson before it cannot open it until they do.`)) return;
    button.disabled = true;
    try { await api('POST', '/api/lock', { lesson: lessonID }); say(`Locked ${lessonID} again.`); }
    catch (e) { button.disabled = false; say(`Could not lock ${lessonID}: ${e.message}`); }
  }

  // The hand's file and report live outside the re-rendered list, so a new room from the stream
  // does not close what the teacher is reading.
  async function showHand(id) {
    const box = $('hand-detail');
    try {
      const hand = await (await api('GET', '/api/hands/' + encodeURIComponent(id))).json();
      const lines = (hand.file || '').replace(/\n$/, '').split('\n');
      box.replaceChildren(
        el('div', { class: 'hand-detail-head' },
          el('h3', null, `${hand.name} — ${hand.exerciseID}`),
          el('button', { type: 'button', onclick: () => closeHand() }, 'Close')),
        el('p', { class: 'hand-text' }, hand.text),
        el('p', null, 'File: ', el('code', { id: 'hand-file-name' }, hand.fileName || '(no name)'),
          ` (${plural(lines.length, 'line')})`),
        // Whole lines, numbered, scrolling sideways rather than cut.
        el('pre', { id: 'hand-file' }, lines.map((line, i) =>
          el('span', { class: 'line' }, el('span', { class: 'line-number', 'aria-hidden': 'true' }, String(i + 1)), line, '\n'))),
        el('h4', null, 'Last check report'),
        el('pre', { id: 'hand-report' }, hand.report || 'No report was sent.'),
        el('button', { type: 'button', onclick: () => closeHand() }, 'Close'));
      box.dataset.hand = id;
      box.hidden = false;
    } catch (e) { say(`Could not open the hand: ${e.message}`); }
  }

  // A learner's card, opened from their name: who they are, and the teacher's two actions on
  // a row, each after a confirmation: merge it into another row (one person who joined twice),
  // or remove it from the class. It lives outside the grid, so the stream's next room does not
  // close it; it is built from the newest room when opened.
  function showLearner(id) {
    const box = $('learner-detail');
    const learners = (lastRoom && lastRoom.learners) || [];
    const learner = learners.find((p) => p.id === id);
    if (!box || !learner) return;
    const others = learners.filter((p) => p.id !== id);
    const select = el('select', { id: 'merge-target', 'aria-label': 'the row to merge into' },
      others.map((p) => el('option', { value: p.id }, `${displayName(p)} (joined ${clock(p.joinedAt)})`)));
    box.replaceChildren(
      el('div', { class: 'hand-detail-head' },
        el('h3', null, displayName(learner)),
        el('button', { type: 'button', onclick: () => closeLearner() }, 'Close')),
      el('p', null, `Joined at ${clock(learner.joinedAt)}; ${plural(passedCount(learner), 'exercise')} passed; ` +
        `${plural(learner.hintsUsed || 0, 'hint')} used.`),
      others.length ? el('p', { class: 'learner-action' }, 'Merge this row into ', select, ' ',
        el('button', { type: 'button', id: 'merge-learner', onclick: (e) => mergeLearner(learner, select.value, e.currentTarget) }, 'Merge'))
        : null,
      el('p', { class: 'learner-action' },
        el('button', { type: 'button', id: 'remove-learner', class: 'danger', onclick: (e) => removeLearner(learner, e.currentTarget) },
          'Remove from the class')));
    box.dataset.learner = id;
    box.hidden = false;
  }

  function closeLearner() {
    const box = $('learner-detail');
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.learner;
  }

  async function removeLearner(learner, button) {
    const name = displayName(learner);
    if (!confirm(`Remove ${name} from the class? Their row, checks and hands go, and their shell can send nothing more ` +
      '(they can join again with the code, as a new learner).')) return;
    button.disabled = true;
    try {
      await api('POST', `/api/learners/${encodeURIComponent(learner.id)}/remove`);
      closeLearner();
      say(`Removed ${name} from the class.`);
    } catch (e) { button.disabled = false; say(`Could not remove ${name}: ${e.message}`); }
  }

  async function mergeLearner(learner, targetID, button) {
    const target = ((lastRoom && lastRoom.learners) || []).find((p) => p.id === targetID);
    if (!target) return;
    const name = displayName(learner), into = displayName(target);
    if (!confirm(`Merge ${name} into ${into}? ${name}'s row goes: their checks, hints and hands count as ${into}'s, ` +
      `and their shell goes on sending as ${into}.`)) return;
    button.disabled = true;
    try {
      await api('POST', `/api/learners/${encodeURIComponent(learner.id)}/merge`, { into: target.id });
      closeLearner();
      say(`Merged ${name} into ${into}.`);
    } catch (e) { button.disabled = false; say(`Could not merge ${name}: ${e.message}`); }
  }

  function closeHand() {
    const box = $('hand-detail');
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.hand;
  }

  async function handDone(id, button) {
    button.disabled = true;
    try {
      await api('POST', '/api/hands/' + encodeURIComponent(id) + '/done');
      if ($('hand-detail').dataset.hand === id) closeHand();
    } catch (e) { button.disabled = false; say(`Could not mark the hand done: ${e.message}`); }
  }

  // verify's JSON, sent as it is: the server matches each workspace with its learner.
  async function uploadGrades(button) {
    const input = $('grades-file');
    const file = input && input.files && input.files[0];
    if (!file) { say('Choose the JSON file that verify wrote first.'); return; }
    button.disabled = true;
    try {
      const res = await fetch('/api/grades', {
        method: 'POST', headers: Object.assign(authHeaders(), { 'Content-Type': 'application/json' }), body: await file.text(),
      });
      if (res.status === 401) { showBadToken(); return; }
      const answer = await res.json();
      if (!res.ok) throw new Error(answer.error || `the server answered ${res.status}`);
      say(`Grades brought in for ${plural(answer.matched, 'learner')}` +
        (answer.unmatched.length ? `; not in this class: ${answer.unmatched.join(', ')}.` : '.'));
    } catch (e) { say(`Could not bring in the grades: ${e.message}`); }
    button.disabled = false;
  }

  // A plain link cannot send the Authorization header, so fetch the file and hand the browser
  // a Blob URL to save.
  async function download(button) {
    const ext = button.dataset.ext;
    try {
      const blob = await (await api('GET', button.dataset.path)).blob();
      const url = URL.createObjectURL(blob);
      const name = (lastRoom && lastRoom.className || 'class').replace(/[^A-Za-z0-9._-]+/g, '-');
      const link = el('a', { href: url, download: `${name}-grid.${ext}` });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) { say(`Could not export ${ext.toUpperCase()}: ${e.message}`); }
  }

  // ---- live connection -----------------------------------------------------------------------

  function setConnection(status, text) {
    const line = $('connection');
    if (!line) return;
    line.dataset.status = status;
    line.textContent = text;
    // Offline, the whole page says so: a scrolled-down teacher must not take an old room for
    // the live one.
    const banner = $('offline');
    if (status === 'live') {
      offlineSince = null;
      document.body.classList.remove('offline');
      if (banner) banner.hidden = true;
    } else if (status === 'reconnecting') {
      if (!offlineSince) offlineSince = new Date();
      document.body.classList.add('offline');
      if (banner) {
        banner.textContent = `Offline since ${offlineSince.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}: ` +
          'the class server does not answer, and this is the room as it was then. Trying again…';
        banner.hidden = false;
      }
    }
  }

  // The stream may bring ten rooms a second; the page draws at most two: a room of 300 takes
  // the browser a while to draw, and a teacher reads no faster.
  const RENDER_GAP_MS = 500;
  let renderedAt = 0;
  let renderTimer = null;
  function renderSoon() {
    if (renderTimer !== null) return;
    renderTimer = setTimeout(() => {
      renderTimer = null;
      renderedAt = Date.now();
      render(lastRoom);
    }, Math.max(0, renderedAt + RENDER_GAP_MS - Date.now()));
  }

  function receive(room) {
    lastRoom = room;
    roomReceivedAt = Date.now();
    // The projector's link carries the projector's own token, which only shows the room.
    const projectorLink = $('projector-link');
    if (projectorLink && room.projectorToken) projectorLink.href = '/projector?token=' + encodeURIComponent(room.projectorToken);
    renderSoon();
  }

  // The first render comes from a plain request, which also tells a bad token (401) apart from
  // a server that is down: EventSource reports both as the same bare "error".
  async function loadRoom() {
    try {
      receive(await (await api('GET', PROJECTOR ? '/api/room?view=projector' : '/api/room')).json());
      say('');
      return true;
    } catch (e) {
      if (e.message === BAD_TOKEN) return false;
      say(`Could not load the room: ${e.message}`);
      return true;                          // the stream may still get through
    }
  }

  function connect() {
    // The projector asks for the room without names: they never reach the projected page.
    stream = new EventSource(PROJECTOR ? '/api/stream?view=projector' + (token ? '&token=' + encodeURIComponent(token) : '') : '/api/stream');
    stream.addEventListener('open', () => setConnection('live', 'live'));
    // The stream sends the whole room first, then only what changed: the room's small parts
    // whole, the rows that changed, and every row's id in order when rows came, went or moved.
    let streamRoom = null;
    stream.addEventListener('room', (event) => {
      let room;
      try { room = JSON.parse(event.data); } catch (e) { return; }
      streamRoom = room;
      setConnection('live', 'live');
      receive(room);
    });
    stream.addEventListener('changes', (event) => {
      let changes;
      try { changes = JSON.parse(event.data); } catch (e) { return; }
      if (!streamRoom) return;
      const rows = new Map(streamRoom.learners.map((row) => [row.id, row]));
      for (const row of changes.learners || []) rows.set(row.id, row);
      const order = changes.order || streamRoom.learners.map((row) => row.id);
      const room = Object.assign({}, changes, { learners: order.map((id) => rows.get(id)).filter(Boolean) });
      delete room.order;
      // A row sent a while ago counts its stuck time on from the room's time.
      for (const row of room.learners) {
        row.stuckSeconds = row.stuckSince ? Math.max(0, Math.floor(room.serverTime - row.stuckSince)) : 0;
      }
      streamRoom = room;
      setConnection('live', 'live');
      receive(room);
    });
    stream.addEventListener('error', () => {
      setConnection('reconnecting', 'reconnecting…');
      // On a dropped connection EventSource retries by itself. On an error status (401, 503…)
      // it gives up for good: check the token with a plain request, then start a new stream.
      if (stream.readyState === EventSource.CLOSED) {
        stream.close();
        setTimeout(async () => { if (await loadRoom()) connect(); }, 3000);
      }
    });
  }

  function start() {
    // Each mode drops the other mode's parts, so the projector's DOM never holds a name.
    const drop = PROJECTOR ? '[data-dashboard-only]' : '[data-projector-only]';
    document.querySelectorAll(drop).forEach((node) => node.remove());
    document.body.classList.add(PROJECTOR ? 'projector' : 'dashboard');

    const rotate = $('rotate-code');
    if (rotate) rotate.addEventListener('click', () => rotateCode(rotate));
    const another = $('signin-another');
    if (another) another.addEventListener('click', () => signInAnother(another));
    const signout = $('signout');
    if (signout) signout.addEventListener('click', () => signOut(signout));
    const sort = $('sort');
    if (sort) {
      sort.value = sortKey();
      sort.addEventListener('change', () => {
        try { sessionStorage.setItem('didojo-sort', sort.value); } catch (e) { /* fine */ }
        if (lastRoom) render(lastRoom);
      });
    }
    const upload = $('grades-upload');
    if (upload) upload.addEventListener('click', () => uploadGrades(upload));
    for (const id of ['export-csv', 'export-xml']) {
      const button = $(id);
      if (button) button.addEventListener('click', () => download(button));
    }
    setInterval(() => { if (lastRoom) render(lastRoom); }, 20000);   // age the "min" texts
    loadRoom().then((ok) => { if (ok) connect(); });
  }

  start();
})();
