// The sign-in page: trades the one-time code in the link's fragment (or the teacher's token,
// typed) for the dashboard's session cookie (HttpOnly: no script, this one included, reads it),
// then opens the dashboard. Neither the code nor the token ever goes into a URL.
'use strict';

(function () {
  const status = document.getElementById('signin-status');
  const form = document.getElementById('signin-form');
  const input = document.getElementById('signin-token');

  async function signIn(body) {
    const res = await fetch('/api/session', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    if (res.ok) { location.replace('/dashboard'); return; }
    let reason = `the server answered ${res.status}`;
    try { reason = (await res.json()).error || reason; } catch (e) { /* not JSON */ }
    throw new Error(reason);
  }

  function askForToken(text) {
    status.textContent = text;
    form.hidden = false;
    input.focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.textContent = 'Signing in…';
    try { await signIn({ token: input.value.trim() }); }
    catch (e) { input.value = ''; askForToken(e.message); }
  });

  const code = location.hash.slice(1);
  // The code leaves the address bar at once: it is used up in a moment anyway, but the screen
  // may be shared.
  if (location.hash) history.replaceState(null, '', location.pathname);
  if (code === 'signed-out') {
    askForToken('Signed out: this browser opens the dashboard no more. To come back, open a new sign-in link or type the token.');
  } else if (code) {
    signIn({ code }).catch((e) => askForToken(e.message));
  } else {
    askForToken('This browser is not signed in.');
  }
})();
