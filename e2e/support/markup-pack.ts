// A language pack whose hint and About texts carry the markup community packs use (bold,
// code font, subscripts, links that open a new tab) and what a hostile pack could try
// (script, style, iframe, img, svg, event handlers, javascript: and data: links, style
// attributes). Our own words; every formatted piece has a marker word to find it by.

/** What would set `window.__pwned` if any of it ran. */
const PWN = 'window.__pwned=1';

export const MARKUP_PACK = {
  meta: { name: 'Markup test', code: 'qa' },
  webapp: {
    hints: {
      DefaultPassword: `The factory password is <b>still-default</b>.<img src="x" onerror="${PWN}">`,
    },
    home: {
      LimitHint: `An absolute limit shows up <b>after-four-minutes</b>.<script>${PWN}</script>`,
    },
    gridprofile: {
      GridprofileSupportLong: `Read the <a href="https://example.test/grid" target="_blank">grid-guide</a>.`,
    },
    apiresponse: {
      '1001': `<b>saved-bold</b> <u onmouseover="${PWN}">saved-underlined</u>`,
      '4010': `Statistics <i>reset-italic</i>.<svg onload="${PWN}"></svg>`,
    },
    networkadmin: {
      HostnameHint: `<b>host-rule</b>: <span class="font-monospace" style="position:fixed;inset:0">%06X</span> is the chip ID.`,
    },
    securityadmin: {
      PasswordHint: `W<sub>pw</sub> <b>password-rule</b> <a href="javascript:${PWN}">js-link</a>`,
    },
    ntpadmin: {
      SynchronizeTimeHint: `<b>sync-rule</b> <iframe src="javascript:parent.${PWN.replace('window.', '')}">frame-text</iframe>`,
    },
    inverteradmin: {
      AddHint: `<b>add-rule</b> <strong onclick="${PWN}">add-strong</strong>`,
      StatusHint: `<b>status-rule</b><style>body{display:none}</style> <em>status-em</em>`,
    },
    deviceadmin: {
      ProfileHint: `<code>profile-code</code> <a href="data:text/html,<script>${PWN}</script>">data-link</a>`,
    },
    fileadmin: {
      RestoreHint: `<b>restore-rule</b> <small>restore-small</small>`,
      ResetHint: `<b>reset-rule</b> <sup>reset-sup</sup><div class="mt-1">reset-block</div>`,
    },
    maintenancereboot: {
      RebootHint: `<b>reboot-rule</b> Report problems at <a href="https://example.test/issues" class="alert-link" target="_blank">issue-link</a>. Tags <b><i>crossed-bold</b> crossed-after</i>, 3<4 as-text <!-- hidden-comment`,
    },
    about: {
      DocumentationBody: `Read the <a href="https://example.test/docs" target="_blank">docs-link</a>.`,
      DiscussionBody: `Talk <a href="/about" target="_blank">relative-link</a><br>after-break`,
    },
  },
};
