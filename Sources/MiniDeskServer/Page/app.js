'use strict';
// MiniDesk's customizer: a form made from the item's parameter listing (/api/params), a three.js
// view of the GLB the server builds (/api/model), downloads and presets. The address bar holds the
// state (?item=planter&planter.size=80), so a link reproduces a model.
(function () {
  // The shared groups in the order a maker tweaks them; the item's own group comes first.
  const groupOrder = ['body', 'foot', 'bottom', 'vents', 'ports', 'light', 'button', 'emblem', 'colors', 'fit', 'printer'];
  const reserved = new Set(['item', 'view', 'resolution', 'client', 'seq', 'format', 'name', 'overwrite']);
  const $ = (id) => document.getElementById(id);

  // Everything the page knows, open to the browser tests as window.minidesk.
  const app = {
    items: [],
    item: null,
    view: 'assembled',
    values: {},        // parameter overrides by name, as the query writes them
    listing: null,     // the last /api/params answer
    seq: 0,            // the newest change; older answers are dropped
    client: Math.random().toString(36).slice(2),
    shown: null,       // the model on screen: {seq, resolution, report}
    modelsShown: 0,
    fitCamera: true,
  };
  window.minidesk = app;

  // ---- The address bar and the requests ----

  function query(extra) {
    const q = new URLSearchParams();
    q.set('item', app.item);
    if (app.view !== 'assembled') q.set('view', app.view);
    for (const k of Object.keys(app.values).sort()) q.set(k, app.values[k]);
    for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
    return q.toString();
  }

  function readAddress() {
    const q = new URLSearchParams(location.search);
    app.item = q.get('item');
    app.view = q.get('view') || 'assembled';
    for (const [k, v] of q) if (!reserved.has(k)) app.values[k] = v;
  }

  let timer = null, paramsAbort = null, modelAbort = null;
  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(refresh, delay === undefined ? 50 : delay);
  }

  // A change: the draft model and the form's ranges at once, then the model at full resolution.
  function refresh() {
    const seq = ++app.seq;
    history.replaceState(null, '', '?' + query());
    updateDownloads();
    setStatus('building', 'Building…');
    if (paramsAbort) paramsAbort.abort();
    if (modelAbort) modelAbort.abort();
    loadListing(seq);
    loadModel(seq, 'draft');
  }

  async function loadListing(seq) {
    paramsAbort = new AbortController();
    try {
      const r = await fetch('/api/params?' + query(), { signal: paramsAbort.signal });
      const body = await r.json();
      if (seq !== app.seq) return;
      if (!r.ok) { showGeneralError(body.error); return; }
      app.listing = body;
      app.listingSeq = seq;
      renderForm(body);
      markProblems(body.problems);
    } catch (e) {
      if (e.name !== 'AbortError' && seq === app.seq) setStatus('error', 'The server does not answer: ' + e.message);
    }
  }

  async function loadModel(seq, resolution) {
    const abort = new AbortController();
    modelAbort = abort;
    let r;
    try {
      r = await fetch('/api/model?' + query({ resolution: resolution, client: app.client, seq: seq }), { signal: abort.signal });
    } catch (e) {
      if (e.name !== 'AbortError' && seq === app.seq) setStatus('error', 'The server does not answer: ' + e.message);
      return;
    }
    if (seq !== app.seq || r.status === 409) return;
    if (!r.ok) {
      const body = await r.json().catch(() => ({ error: r.statusText, problems: [] }));
      if (seq !== app.seq) return;
      if (body.problems && body.problems.length) {
        markProblems(body.problems);
        const n = body.problems.filter((p) => !p.warning).length;
        setStatus('invalid', (n === 1 ? 'One value needs fixing' : n + ' values need fixing') + ' (marked in red); the last valid model stays on screen');
      } else {
        showGeneralError(body.error);
        setStatus('error', 'Not built: ' + body.error);
      }
      return;
    }
    const buffer = await r.arrayBuffer();
    if (seq !== app.seq) return;
    await showModel(buffer, seq, resolution);
    if (resolution === 'draft' && seq === app.seq) loadModel(seq, 'normal');
  }

  function setStatus(state, text) {
    const s = $('status');
    s.dataset.state = state;
    s.textContent = text;
  }

  function showGeneralError(message) {
    const box = $('general-error');
    box.hidden = !message;
    box.textContent = message ? plain(message) : '';
  }

  // The server's messages speak the command line's language; on the page a value is set in its field.
  function plain(message) { return message.replace(/--set ([\w.]+)=/g, '$1 = '); }

  // ---- The form ----

  function renderForm(listing) {
    const form = $('form');
    if (form.dataset.item !== listing.item) buildForm(listing);
    for (const p of listing.parameters) updateField(p);
  }

  function buildForm(listing) {
    const form = $('form');
    form.innerHTML = '';
    form.dataset.item = listing.item;
    const groups = new Map();
    for (const p of listing.parameters) {
      if (!groups.has(p.group)) groups.set(p.group, []);
      groups.get(p.group).push(p);
    }
    const names = [...groups.keys()];
    const own = names.filter((g) => !groupOrder.includes(g));
    const order = own.concat(groupOrder.filter((g) => groups.has(g)));
    for (const g of order) {
      const details = document.createElement('details');
      details.dataset.group = g;
      details.open = own.includes(g) || g === 'body';
      const summary = document.createElement('summary');
      summary.textContent = g;
      details.appendChild(summary);
      for (const p of groups.get(g)) details.appendChild(makeField(p));
      form.appendChild(details);
    }
  }

  function isNumeric(p) { return ['length', 'angle', 'count', 'number'].includes(p.type); }

  function niceStep(p) {
    if (p.type === 'count') return 1;
    const span = p.limits ? p.limits.max - p.limits.min : 1;
    return Math.pow(10, Math.floor(Math.log10(span / 200)));
  }

  function makeField(p) {
    const field = document.createElement('div');
    field.className = 'field';
    field.dataset.name = p.name;
    const label = document.createElement('div');
    label.className = 'label';
    label.innerHTML = '<span class="name"></span><span class="range"></span>';
    label.querySelector('.name').textContent = p.name;
    field.appendChild(label);
    const caption = document.createElement('div');
    caption.className = 'caption';
    caption.textContent = p.caption;
    field.appendChild(caption);
    const control = document.createElement('div');
    control.className = 'control';
    field.appendChild(control);
    const set = (value) => {
      if (String(value) === String(p.initial)) delete app.values[p.name]; else app.values[p.name] = String(value);
      field.classList.toggle('changed', p.name in app.values);
      schedule();
    };
    if (isNumeric(p)) {
      const slider = document.createElement('input');
      slider.type = 'range';
      slider.step = niceStep(p);
      slider.setAttribute('aria-label', p.name);
      const number = document.createElement('input');
      number.type = 'number';
      number.step = 'any';
      number.setAttribute('aria-label', p.name + ' value');
      slider.addEventListener('input', () => { number.value = slider.value; set(slider.value); });
      number.addEventListener('change', () => { if (number.value !== '') set(number.value); });
      control.append(slider, number);
      if (p.unit) control.append(document.createTextNode(p.unit));
    } else if (p.type === 'bool') {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', p.name);
      box.addEventListener('change', () => set(box.checked ? 'true' : 'false'));
      control.append(box);
    } else if (p.type === 'choice') {
      const select = document.createElement('select');
      select.setAttribute('aria-label', p.name);
      for (const o of p.options) select.add(new Option(o, o));
      select.addEventListener('change', () => set(select.value));
      control.append(select);
    } else if (p.type === 'color') {
      const color = document.createElement('input');
      color.type = 'color';
      color.setAttribute('aria-label', p.name);
      color.addEventListener('input', () => set(color.value.toUpperCase()));
      control.append(color);
    } else {
      const text = document.createElement('input');
      text.type = 'text';
      text.setAttribute('aria-label', p.name);
      text.addEventListener('change', () => set(text.value));
      control.append(text);
      if (p.name === 'emblem.svg') control.append(uploadButton(field, text, set));
    }
    const message = document.createElement('div');
    message.className = 'message';
    message.hidden = true;
    field.appendChild(message);
    return field;
  }

  // An SVG file for the emblem: the server reads its path data, which goes into emblem.svg.
  function uploadButton(field, text, set) {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.svg,image/svg+xml';
    input.setAttribute('aria-label', 'Upload an SVG emblem');
    input.addEventListener('change', async () => {
      const file = input.files[0];
      if (!file) return;
      const r = await fetch('/api/emblem', { method: 'POST', body: await file.text(), headers: { 'Content-Type': 'image/svg+xml' } });
      const body = await r.json();
      if (!r.ok) { showMessage(field, plain(body.error), false); return; }
      text.value = body.value;
      set(body.value);
    });
    return input;
  }

  function formatNumber(n) { return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000); }

  function updateField(p) {
    const field = document.querySelector('.field[data-name="' + p.name + '"]');
    if (!field) return;
    field.classList.toggle('changed', p.name in app.values);
    const value = p.name in app.values ? app.values[p.name] : p.value;
    const range = field.querySelector('.range');
    if (isNumeric(p)) {
      const slider = field.querySelector('input[type=range]');
      const number = field.querySelector('input[type=number]');
      const lo = p.min !== null ? p.min : p.limits.min, hi = p.max !== null ? p.max : p.limits.max;
      slider.min = lo; slider.max = hi;
      slider.disabled = p.min === null;
      number.min = p.limits.min; number.max = p.limits.max;
      if (document.activeElement !== slider) slider.value = value;
      if (document.activeElement !== number) number.value = value;
      const unit = p.unit ? ' ' + p.unit : '';
      range.textContent = p.min === null ? 'no value fits the others' : formatNumber(p.min) + ' to ' + formatNumber(p.max) + unit;
      range.title = 'declared ' + formatNumber(p.limits.min) + ' to ' + formatNumber(p.limits.max) + unit;
    } else if (p.type === 'bool') {
      field.querySelector('input').checked = String(value) === 'true';
    } else if (p.type === 'choice') {
      field.querySelector('select').value = value;
    } else if (p.type === 'color') {
      field.querySelector('input').value = String(value).toLowerCase();
    } else {
      const text = field.querySelector('input[type=text]');
      if (document.activeElement !== text) text.value = value;
    }
    showMessage(field, null);
  }

  function showMessage(field, text, warning) {
    const message = field.querySelector('.message');
    message.hidden = !text;
    message.textContent = text || '';
    message.classList.toggle('warning', !!warning);
    field.classList.toggle('invalid', !!text && !warning);
  }

  // Each problem at its field; one naming no field goes above the form.
  function markProblems(problems) {
    document.querySelectorAll('.field').forEach((f) => showMessage(f, null));
    const general = [];
    for (const p of problems || []) {
      const field = document.querySelector('.field[data-name="' + p.parameter + '"]');
      if (field) {
        showMessage(field, plain(p.message), p.warning);
        const group = field.closest('details');
        if (group && !p.warning) group.open = true;
      } else if (!p.warning) {
        general.push(p.parameter + ': ' + p.message);
      }
    }
    showGeneralError(general.join('\n'));
  }

  // ---- The 3D view ----

  const canvas = $('canvas');
  const renderer = new THREE.WebGLRenderer({ canvas: canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef0f3);
  const camera = new THREE.PerspectiveCamera(35, 1, 1, 10000);
  camera.position.set(200, 190, 260);
  scene.add(camera);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x7d7d86, 0.8));
  const key = new THREE.DirectionalLight(0xffffff, 0.55);
  key.position.set(0.5, 0.8, 1);
  camera.add(key);  // the light follows the eye, so no face is left dark
  const controls = new THREE.OrbitControls(camera, canvas);
  controls.addEventListener('change', render);
  // A 256 mm bed with 10 mm cells; glTF is Y-up, so the bed is the XZ plane.
  let grid = null;
  let model = null, box = null;
  const loader = new THREE.GLTFLoader();

  function render() { renderer.render(scene, camera); }

  function resize() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (!w || !h) return;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    render();
  }
  window.addEventListener('resize', resize);

  function showModel(buffer, seq, resolution) {
    return new Promise((resolve) => {
      loader.parse(buffer, '', (gltf) => {
        if (seq !== app.seq) { resolve(); return; }
        if (model) scene.remove(model);
        model = gltf.scene;
        scene.add(model);
        const bounds = new THREE.Box3().setFromObject(model);
        placeBed(bounds);
        if (app.fitCamera) { frame(bounds); app.fitCamera = false; }
        showDimensions(bounds);
        const report = model.userData || {};
        app.shown = { seq: seq, resolution: resolution, report: report };
        app.modelsShown += 1;
        showReport(report);
        const built = resolution === 'draft' ? 'Draft shown, refining…' : 'Ready';
        setStatus(resolution === 'draft' ? 'draft' : 'ready', built + ' (' + (report.seconds || 0).toFixed(2) + ' s on the server)');
        render();
        resolve();
      }, (error) => {
        setStatus('error', 'The model could not be read: ' + error);
        resolve();
      });
    });
  }

  function placeBed(bounds) {
    if (grid) scene.remove(grid);
    const size = bounds.getSize(new THREE.Vector3());
    const side = Math.max(256, Math.ceil(Math.max(size.x, size.z) / 10) * 10 + 40);
    grid = new THREE.GridHelper(side, side / 10, 0x9aa0a8, 0xcfd3d8);
    const centre = bounds.getCenter(new THREE.Vector3());
    grid.position.set(centre.x, 0, centre.z);
    scene.add(grid);
  }

  function frame(bounds) {
    const centre = bounds.getCenter(new THREE.Vector3());
    const radius = bounds.getSize(new THREE.Vector3()).length() / 2;
    const distance = radius / Math.sin((camera.fov * Math.PI) / 360) * 1.05;
    const direction = new THREE.Vector3(0.55, 0.6, 0.9).normalize();
    camera.position.copy(centre).addScaledVector(direction, distance);
    camera.near = distance / 100;
    camera.far = distance * 20;
    camera.updateProjectionMatrix();
    controls.target.copy(centre);
    controls.update();
  }

  // The bounding box and its sizes: width (x), depth (our y, three's -z) and height (our z, three's y).
  function showDimensions(bounds) {
    if (box) scene.remove(box);
    box = new THREE.Box3Helper(bounds, 0x0b57d0);
    box.visible = $('dims').checked;
    scene.add(box);
    const s = bounds.getSize(new THREE.Vector3());
    const label = $('dims-label');
    label.textContent = 'Width ' + s.x.toFixed(1) + ' × depth ' + s.z.toFixed(1) + ' × height ' + s.y.toFixed(1) + ' mm';
    label.hidden = !$('dims').checked;
  }

  $('dims').addEventListener('change', () => {
    if (box) box.visible = $('dims').checked;
    $('dims-label').hidden = !$('dims').checked;
    render();
  });

  // The part under the pointer.
  const raycaster = new THREE.Raycaster();
  canvas.addEventListener('pointermove', (event) => {
    const label = $('hover-label');
    if (!model) { label.hidden = true; return; }
    const rect = canvas.getBoundingClientRect();
    const pointer = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(pointer, camera);
    const hit = raycaster.intersectObject(model, true)[0];
    if (!hit) { label.hidden = true; return; }
    const part = (app.shown.report.parts || []).find((p) => p.name === hit.object.name);
    label.textContent = hit.object.name + (part ? ' · ' + part.triangles + ' triangles · ' + part.grams.toFixed(1) + ' g' : '');
    label.style.left = event.clientX - rect.left + 'px';
    label.style.top = event.clientY - rect.top + 'px';
    label.hidden = false;
  });
  canvas.addEventListener('pointerleave', () => { $('hover-label').hidden = true; });

  // The model on screen (a three.js group, Y up), for the browser tests.
  app.model = () => model;

  // How much of the view the model covers and how many colours it shows (for the browser tests).
  // The view's pixels as RGBA, drawn afresh.
  function pixelsOfView() {
    render();
    const gl = renderer.getContext();
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const pixels = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    return { w: w, h: h, pixels: pixels };
  }

  app.picture = function () {
    const { w, h, pixels } = pixelsOfView();
    const colours = new Set();
    let covered = 0;
    const bg = scene.background;
    const bgr = Math.round(bg.r * 255), bgg = Math.round(bg.g * 255), bgb = Math.round(bg.b * 255);
    for (let i = 0; i < pixels.length; i += 4 * 7) {
      const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
      if (Math.abs(r - bgr) + Math.abs(g - bgg) + Math.abs(b - bgb) > 24) covered++;
      colours.add((r >> 4) + ',' + (g >> 4) + ',' + (b >> 4));
    }
    return { width: w, height: h, covered: covered / (pixels.length / (4 * 7)), colours: colours.size };
  };

  // Shares of the view that are light (the silver shell), dark (the foot, ports, emblem) and red.
  app.shades = function () {
    const { pixels } = pixelsOfView();
    let light = 0, dark = 0, red = 0, n = 0;
    for (let i = 0; i < pixels.length; i += 4 * 5, n++) {
      const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
      const luma = 0.3 * r + 0.59 * g + 0.11 * b;
      if (r > g + 60 && r > b + 60) red++;
      else if (luma < 70) dark++;
      else if (luma > 150 && Math.abs(r - g) < 20 && Math.abs(g - b) < 24 && Math.abs(luma - 239) > 6) light++;
    }
    return { light: light / n, dark: dark / n, red: red / n };
  };

  // ---- The report, downloads and presets ----

  function showReport(report) {
    const table = $('stats');
    table.innerHTML = '<tr><th>Part</th><th>Triangles</th><th>Volume</th><th>Weight</th></tr>';
    let triangles = 0, volume = 0, grams = 0;
    for (const p of report.parts || []) {
      const row = table.insertRow();
      row.innerHTML = '<td><span class="swatch"></span></td><td></td><td></td><td></td>';
      row.querySelector('.swatch').style.background = p.color;
      row.cells[0].append(p.name);
      row.cells[1].textContent = p.triangles.toLocaleString('en');
      row.cells[2].textContent = (p.volume / 1000).toFixed(1) + ' cm³';
      row.cells[3].textContent = p.grams.toFixed(1) + ' g';
      triangles += p.triangles; volume += p.volume; grams += p.grams;
    }
    const total = table.insertRow();
    total.className = 'total';
    total.innerHTML = '<td>All (solid PLA)</td><td>' + triangles.toLocaleString('en') + '</td><td>' + (volume / 1000).toFixed(1) + ' cm³</td><td>' + grams.toFixed(1) + ' g</td>';
    const list = $('warnings');
    list.innerHTML = '';
    for (const w of report.warnings || []) {
      const li = document.createElement('li');
      li.textContent = w.parameter + ': ' + plain(w.message);
      list.appendChild(li);
    }
  }

  function updateDownloads() {
    const links = { 'download-3mf': '3mf', 'download-prusa': 'prusa.3mf', 'download-stl': 'stl', 'download-zip': 'zip' };
    for (const [id, format] of Object.entries(links)) $(id).href = '/api/download?' + query({ format: format });
  }

  async function loadPresets() {
    const r = await fetch('/api/presets');
    if (!r.ok) return;
    const presets = await r.json();
    const select = $('presets');
    select.length = 1;
    for (const p of presets.filter((p) => p.item === app.item)) select.add(new Option(p.name, p.name));
    app.presets = presets;
  }

  async function savePreset(overwrite) {
    const name = $('preset-name').value.trim();
    const r = await fetch('/api/presets?' + query(Object.assign({ name: name }, overwrite ? { overwrite: 1 } : {})), { method: 'POST' });
    const body = await r.json();
    const status = $('preset-status');
    if (r.status === 409 && !overwrite) {
      if (window.confirm(body.error + '\n\nReplace it?')) return savePreset(true);
      status.textContent = 'Not saved: ' + body.error;
      return;
    }
    status.textContent = r.ok ? 'Saved preset ' + body.saved + ' (' + body.parameters + ' parameters) in ' + body.path : 'Not saved: ' + plain(body.error);
    status.dataset.ok = r.ok;
    loadPresets();
  }

  $('save-preset').addEventListener('click', () => savePreset(false));
  $('presets').addEventListener('change', () => {
    const preset = (app.presets || []).find((p) => p.name === $('presets').value);
    if (!preset) return;
    app.values = {};
    for (const [k, v] of Object.entries(preset.parameters)) app.values[k] = String(v);
    $('presets').value = '';
    refresh();
  });

  // ---- Items and views ----

  function fillViews() {
    const item = app.items.find((i) => i.name === app.item);
    const select = $('view');
    select.length = 0;
    for (const v of item.views) select.add(new Option(v, v));
    if (!item.views.includes(app.view)) app.view = 'assembled';
    select.value = app.view;
    $('summary').textContent = item.summary;
  }

  // Another item keeps the values of the parameters it shares with this one.
  async function switchItem(name) {
    const r = await fetch('/api/params?item=' + encodeURIComponent(name));
    const listing = await r.json();
    const names = new Set(listing.parameters.map((p) => p.name));
    for (const k of Object.keys(app.values)) if (!names.has(k)) delete app.values[k];
    app.item = name;
    app.fitCamera = true;
    fillViews();
    loadPresets();
    refresh();
  }

  $('item').addEventListener('change', () => switchItem($('item').value));
  $('view').addEventListener('change', () => { app.view = $('view').value; app.fitCamera = true; refresh(); });
  $('reset').addEventListener('click', () => { app.values = {}; refresh(); });

  async function start() {
    readAddress();
    resize();
    const r = await fetch('/api/items');
    app.items = await r.json();
    const select = $('item');
    for (const i of app.items) select.add(new Option(i.name, i.name));
    if (!app.items.some((i) => i.name === app.item)) {
      if (app.item) showGeneralError('There is no item `' + app.item + '`; showing ' + app.items[0].name + '.');
      app.item = app.items[0].name;
    }
    select.value = app.item;
    fillViews();
    loadPresets();
    refresh();
  }

  start();
})();
