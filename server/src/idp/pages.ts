/*
 * The development identity provider's pages, in the app's look (the design tokens of web/src/styles.css,
 * both themes through prefers-color-scheme). Plain HTML, no script: they work under the app's CSP.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

const STYLE = `
:root{--bg:#f7f8fa;--surface:#fff;--text:#14181f;--muted:#4b5563;--border:#d5dae1;--accent:#0f766e;
--accent-contrast:#fff;--loss:#b91c1c;--focus:#1d4ed8;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--surface:#161b22;--text:#e6edf3;--muted:#9da7b3;
--border:#30363d;--accent:#2dd4bf;--accent-contrast:#04201d;--loss:#f87171;--focus:#79c0ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{width:min(400px,calc(100vw - 32px));background:var(--surface);border:1px solid var(--border);
border-radius:8px;padding:24px}
.brand{display:flex;gap:8px;align-items:center;font-weight:600;font-size:1.25rem;margin-bottom:16px}
h1{font-size:1.25rem;margin:0 0 12px}
p{margin:0 0 12px;color:var(--muted)}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;min-height:44px;padding:8px 12px;font:inherit;color:var(--text);background:var(--bg);
border:1px solid var(--border);border-radius:8px}
button,.button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:44px;
margin-top:16px;padding:8px 16px;font:inherit;font-weight:600;border:0;border-radius:8px;cursor:pointer;
background:var(--accent);color:var(--accent-contrast);text-decoration:none}
.secondary{background:transparent;color:var(--text);border:1px solid var(--border)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.error{color:var(--loss);font-weight:600}
.hint{font-size:.875rem;border-top:1px solid var(--border);padding-top:12px;margin-top:16px}
code{font-family:ui-monospace,"SF Mono",Menlo,Consolas,monospace}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Ledgerlight demo sign-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><img src="/favicon.svg" alt="" width="24" height="24"><span>Ledgerlight</span></div>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  abortAction: string;
  login?: string;
  error?: string;
}

export function loginPage({ action, abortAction, login = '', error }: LoginPageOptions): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p>Demo identity provider of this Ledgerlight server.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="login">E-mail</label>
<input id="login" name="login" type="email" autocomplete="username" required value="${escapeHtml(login)}" autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(abortAction)}">
<button type="submit" class="secondary">Cancel</button>
</form>
<p class="hint">Demo account: <code>demo@ledgerlight.example</code> with the password <code>ledgerlight-demo</code>
(see the README).</p>`,
  );
}

/** The provider's RP-initiated logout confirmation; `form` is its own hidden form with the xsrf token. */
export function logoutPage(form: string): string {
  return layout(
    'Sign out',
    `${form}
<h1>Sign out</h1>
<p>Do you want to sign out of the demo identity provider?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(publicUrl: string): string {
  return layout(
    'Signed out',
    `<h1>Signed out</h1>
<p>You are signed out of the demo identity provider.</p>
<a class="button" href="${escapeHtml(publicUrl)}/">Back to Ledgerlight</a>`,
  );
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Sign-in problem',
    `<h1>Sign-in could not continue</h1>
<p>${escapeHtml(description ?? 'The sign-in request was not valid.')}</p>
<p><code>${escapeHtml(error)}</code></p>
<a class="button" href="/">Back to Ledgerlight</a>`,
  );
}
