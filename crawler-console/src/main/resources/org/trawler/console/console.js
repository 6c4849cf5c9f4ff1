// The console's one script: refreshes the overview's progress line from /api/status every 3 s
// while a crawl runs. Served from our origin (script-src 'self'); writes text only.
(function () {
  'use strict';
  var box = document.getElementById('progress');
  if (!box || !window.fetch) { return; }
  function line(run) {
    if (!run) { return 'No run recorded for this crawl.'; }
    var since = new Date(run.since).toISOString().replace('T', ' ').replace(/\..*/, '') + ' UTC';
    if (run.state === 'running') {
      return 'Running: round ' + run.round + ' of ' + run.rounds + ', ' + run.phase + ' since ' + since;
    }
    return 'Finished: ' + run.round + ' rounds (of ' + run.rounds + ' asked) at ' + since;
  }
  var finished = box.textContent.indexOf('Running') !== 0;
  function poll() {
    fetch('/api/status').then(function (r) { return r.json(); }).then(function (s) {
      box.textContent = line(s.run);
      var running = s.run && s.run.state === 'running';
      if (finished && running) { finished = false; }
      if (!running && !finished) { window.location.reload(); }
    }).catch(function () { /* the console stopped: keep the last line */ });
  }
  setInterval(poll, 3000);
})();
