/*
 * Perch bridge widget for sites without React: one script tag puts the bridge card in an iframe.
 *   <script src="https://perch.example/perch-widget.js" data-channel="7" data-theme="light"
 *           data-from="1" data-to="10" data-tokens="ETH,USDC" data-routes="1-10,10-1"></script>
 * The iframe goes where the script stands, or into the element data-target names (a CSS selector).
 * Settings the iframe's page rejects are reported there, in the card's place.
 */
(function () {
  'use strict';
  var PARAMS = { channel: 'channel', theme: 'theme', primary: 'primary', from: 'from', to: 'to', tokens: 'tokens', routes: 'routes' };

  /** The iframe's address: /embed/bridge on the script's own server, with the script's data- settings. */
  function embedUrl(script) {
    var url = new URL('/embed/bridge', script.src);
    Object.keys(PARAMS).forEach(function (key) {
      var value = script.getAttribute('data-' + key);
      if (value !== null && value !== '') url.searchParams.set(PARAMS[key], value);
    });
    return url.toString();
  }

  function mount(script) {
    if (!script || script.getAttribute('data-perch-mounted') === '1') return null;
    script.setAttribute('data-perch-mounted', '1');
    var frame = script.ownerDocument.createElement('iframe');
    frame.src = embedUrl(script);
    frame.title = script.getAttribute('data-title') || 'Perch bridge';
    frame.setAttribute('data-perch-widget', '');
    frame.style.border = '0';
    frame.style.width = script.getAttribute('data-width') || '100%';
    frame.style.maxWidth = '480px';
    frame.style.height = script.getAttribute('data-height') || '680px';
    // The wallet's copy buttons write to the clipboard.
    frame.setAttribute('allow', 'clipboard-write');
    var selector = script.getAttribute('data-target');
    var target = selector ? script.ownerDocument.querySelector(selector) : null;
    if (target) target.appendChild(frame);
    else script.parentNode.insertBefore(frame, script.nextSibling);
    return frame;
  }

  var api = { mount: mount, embedUrl: embedUrl };
  if (typeof window !== 'undefined') window.PerchWidget = api;
  mount(document.currentScript);
})();
