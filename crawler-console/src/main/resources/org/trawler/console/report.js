// Draws the report's charts from the JSON in #report-data with Chart.js, and makes the hosts table
// sortable. Crawled strings only ever reach the page as text (textContent, chart labels on canvas).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var rounds = data.rounds || [];
  var palette = ['#2f7ed8', '#8bbc21', '#910000', '#f28f43', '#77a1e5', '#c42525', '#a6c96a',
    '#1aadce', '#492970', '#0d233a', '#e4d354', '#6c757d'];
  var outcomeColours = { ok: '#2e9c4e', redirect: '#4a90d9', gone: '#c0392b', retry: '#f0a030',
    notmodified: '#8e7cc3' };
  var drawn = 0;

  function colour(i) { return palette[i % palette.length]; }
  function roundLabels() { return rounds.map(function (r) { return 'round ' + r.round; }); }
  function keys(objects) {
    var seen = [];
    objects.forEach(function (o) {
      Object.keys(o || {}).forEach(function (k) { if (seen.indexOf(k) < 0) { seen.push(k); } });
    });
    return seen;
  }
  function empty(id, text) {
    var canvas = document.getElementById(id);
    var p = document.createElement('p');
    p.className = 'empty';
    p.textContent = text;
    canvas.replaceWith(p);
  }
  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) { return; }
    config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false },
      config.options || {});
    new Chart(canvas, config);
    drawn++;
  }
  function stacked(extra) {
    return Object.assign({ scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } },
      extra || {});
  }
  // HTTP codes and reasons coloured by what they mean: ok green, redirect blue, client error
  // orange, server error or no answer red; other figures in one colour.
  function meaning(name) {
    var s = String(name);
    if (s === 'ok' || /^2\d\d$/.test(s)) { return '#2e9c4e'; }
    if (/^3\d\d$/.test(s) || /^http_3/.test(s)) { return '#4a90d9'; }
    if (/^4\d\d$/.test(s) || /^http_4/.test(s)) { return '#f0a030'; }
    if (/^5\d\d$/.test(s) || /^http_5/.test(s) || s === '0') { return '#c0392b'; }
    return '#8e7cc3';
  }
  // A long name (application/vnd.openxmlformats-officedocument...) on several lines, broken after
  // a '/', '.', '-' or '+', so that a chart shows it whole instead of cutting it at the canvas edge.
  function lines(name, width) {
    var parts = String(name).split(/(?<=[\/.+-])/);
    var out = [''];
    parts.forEach(function (p) {
      var last = out.length - 1;
      if (out[last].length > 0 && out[last].length + p.length > width) { out.push(p); }
      else { out[last] += p; }
    });
    return out.length === 1 ? out[0] : out;
  }
  function bars(id, histogram, label, horizontal, emptyText, coloured) {
    var names = Object.keys(histogram || {});
    if (names.length === 0) { empty(id, emptyText); return; }
    chart(id, {
      type: 'bar',
      data: { labels: names.map(function (k) { return horizontal ? lines(k, 28) : k; }), datasets: [{ label: label, data: names.map(function (k) { return histogram[k]; }),
        backgroundColor: names.map(function (k) { return coloured ? meaning(k) : '#2f6fb5'; }) }] },
      options: { indexAxis: horizontal ? 'y' : 'x', plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true } } }
    });
  }

  if (rounds.length === 0) {
    ['chart-outcomes', 'chart-phases', 'chart-crawldb'].forEach(function (id) {
      empty(id, 'No rounds recorded: rounds.jsonl is written by bin/crawl run.');
    });
  } else {
    var outcomes = keys(rounds.map(function (r) { return r.fetched; }));
    chart('chart-outcomes', {
      type: 'bar',
      data: { labels: roundLabels(), datasets: outcomes.map(function (o, i) {
        return { label: o, data: rounds.map(function (r) { return (r.fetched || {})[o] || 0; }),
          backgroundColor: outcomeColours[o] || colour(i) };
      }) },
      options: stacked()
    });
    var phases = keys(rounds.map(function (r) { return r.seconds; }));
    var phaseSets = phases.map(function (p, i) {
      return { type: 'bar', label: p + ' (s)', stack: 'time', yAxisID: 'y',
        data: rounds.map(function (r) { return (r.seconds || {})[p] || 0; }), backgroundColor: colour(i) };
    });
    phaseSets.push({ type: 'line', label: 'pages/s', yAxisID: 'rate', borderColor: '#222',
      backgroundColor: '#222', data: rounds.map(function (r) { return r.pagesPerSecond || 0; }) });
    chart('chart-phases', {
      type: 'bar',
      data: { labels: roundLabels(), datasets: phaseSets },
      options: { scales: { x: { stacked: true },
        y: { stacked: true, beginAtZero: true, title: { display: true, text: 'seconds' } },
        rate: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false },
          title: { display: true, text: 'pages/s' } } } }
    });
    var statuses = keys(rounds.map(function (r) { return r.crawldb; }));
    chart('chart-crawldb', {
      type: 'line',
      data: { labels: roundLabels(), datasets: statuses.map(function (s, i) {
        return { label: s, data: rounds.map(function (r) { return (r.crawldb || {})[s] || 0; }),
          borderColor: colour(i), backgroundColor: colour(i), fill: true };
      }) },
      options: { scales: { y: { stacked: true, beginAtZero: true } } }
    });
  }
  bars('chart-http', data.httpStatus, 'fetches', false, 'No fetches in the segments.', true);
  bars('chart-types', data.contentTypes, 'pages', true, 'No stored content in the segments.');
  bars('chart-depth', data.depth, 'URLs', false, 'The crawldb is empty.');
  bars('chart-reasons', data.reasons, 'fetches', true, 'No fetches in the segments.', true);
  bars('chart-times', (data.responseMs || {}).histogram, 'fetches', false, 'No timed fetches.');
  bars('chart-bytes', (data.bytes || {}).histogram, 'pages', false, 'No stored content.');

  // The hosts table: a click on a column's head sorts by it (again: the other way).
  var table = document.getElementById('hosts');
  if (table) {
    var heads = table.querySelectorAll('th');
    heads.forEach(function (th, col) {
      th.addEventListener('click', function () {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var down = th.getAttribute('data-sorted') !== 'down';
        heads.forEach(function (h) { h.removeAttribute('data-sorted'); });
        th.setAttribute('data-sorted', down ? 'down' : 'up');
        rows.sort(function (a, b) {
          var x = a.cells[col].getAttribute('data-value');
          var y = b.cells[col].getAttribute('data-value');
          var nx = Number(x), ny = Number(y);
          var c = (isNaN(nx) || isNaN(ny)) ? String(x).localeCompare(String(y)) : nx - ny;
          return down ? -c : c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }
  document.body.setAttribute('data-charts-drawn', String(drawn));
})();
