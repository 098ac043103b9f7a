// Every word of the page in English and Spanish. Static elements carry
// `data-i18n="key"`; the code asks `t(key, ...args)` for the rest.

const WORDS = {
  en: {
    language: 'Language', pencil: 'Pencil marks', undo: 'Undo', redo: 'Redo',
    fill: 'Fill candidates', clear_marks: 'Clear marks', check: 'Check', restart: 'Restart',
    share: 'Share', hint: 'Hint', apply: 'Apply', all_steps: 'All steps',
    back_to_game: 'Back to the game',
    tab_puzzles: 'Puzzles', tab_solve: 'Explain & grade', tab_search: 'Search',
    tab_techniques: 'Techniques',
    import_title: 'Open a puzzle',
    import_note: 'Paste a puzzle in any format sudokit reads: a line of 81 cells, a block of 9 rows, JSON.',
    import_go: 'Open', generate_title: 'Generate', level: 'Level', any: 'any',
    lvl_easy: 'easy', lvl_medium: 'medium', lvl_hard: 'hard', lvl_unfair: 'unfair',
    lvl_extreme: 'extreme', technique: 'Technique', symmetry: 'Symmetry', rating: 'SE rating',
    minimal: 'minimal', seed: 'Seed', generate: 'Generate', library_title: 'My puzzles',
    lib_save: 'Save current', lib_export: 'Export all', grade: 'Grade',
    explain: 'Explain the solution', prev: '◀', next: '▶', algorithm: 'Algorithm',
    alg_backtracking: 'backtracking', alg_bnb: 'branch and bound',
    alg_deepening: 'backtracking with deepening', select: 'Next cell', sel_next: 'next',
    sel_min: 'fewest candidates', sel_random: 'random', deep_techniques: 'Techniques',
    max_solutions: 'Solutions up to', max_iterations: 'Iterations up to', run: 'Run',
    tree: 'Search tree', fit: 'Fit', trace: 'Iteration trace',
    tree_note: 'Each node: #iteration, level, the cell (i row, j column), the digit n tried and the cell\'s candidates d. Red: failed (the deepening after the trial found a dead end); orange: rejected (every branch below failed); green: a solution, and in bold the path to each one; dashed: open (the search stopped first). Zoom with + and − or Ctrl+wheel, drag to pan.',
    techniques_note: 'Hints and explanations use the techniques ticked here.',
    tech_default: 'Default set', tech_none: 'None',
    footer: 'sudokit runs here, in your browser: nothing leaves this page.',
    // Messages.
    solved: 'solved', playing: 'playing', loading: 'loading…', working: 'working…',
    no_puzzle: 'no puzzle', conflicts: 'two equal digits in a house',
    not_unique: 'this puzzle does not have exactly one solution: {0}',
    hint_vague: 'Look for a {0} in {1}.', hint_vague_nohouse: 'Look for a {0}.',
    hint_cells: '{0}: look at {1}.', hint_digits: ' Digits: {0}.',
    hint_solved: 'The grid is solved.', hint_stuck: 'No allowed technique applies here.',
    check_ok: 'No mistakes so far.', check_solved: 'solved: well done!',
    mistakes_first: 'Fix these first: {0}',
    imported: 'Opened puzzle from line {0}.', import_none: 'No puzzle found.',
    import_error: 'line {0}: {1}', generated: 'Generated in {0} attempts (seed {1}).',
    gen_failed: 'No puzzle: {0}', grade_line: 'HoDoKu level {0}, score {1}; Sudoku Explainer {2}',
    hardest: 'hardest technique: {0}', stuck_grade: 'the techniques at hand get stuck',
    path_pos: 'step {0} of {1}', path_stuck: 'Stuck here: no allowed technique applies.',
    saved: 'Saved as “{0}”.', open: 'Open', rename: 'Rename', delete: 'Delete',
    rename_prompt: 'New name:', puzzle_name: 'Puzzle {0}', copied: 'Link copied to the clipboard.',
    link_ready: 'Link in the address bar.',
    link_bad: 'The link in the address bar holds no position that can be read (a cut or edited link?): it was not opened.',
    stop_button: 'Stop', stopped: 'stopped',
    status_multiple: 'it has more than one', status_none: 'it has none',
    trace_cut: '[the trace is cut here: the page shows its first megabyte]',
    bad_whole: '{0}: “{1}” is not a whole number of at least {2}.',
    imported_first: 'The text holds {0} puzzles: the first, from line {1}, is open.',
    replay: 'Replaying the search: event {0} of {1}', replay_pos: '{0} / {1}',
    ev_open: 'iter={0} {1}={2}', ev_failed: 'FAILED iter={0} {1}={2}',
    ev_solution: 'SOLUTION iter={0} {1}={2}', ev_start: 'first deepening',
    stat_nodes: 'nodes', stat_iterations: 'iterations', stat_dead_ends: 'dead ends',
    stat_max_depth: 'deepest level', stat_peak_live_nodes: 'peak live nodes',
    stat_peak_memory_bytes: 'peak memory (bytes)', stat_found: 'solutions found',
    stat_stop: 'stopped because', all_steps_count: '{0} steps at this position.',
    col_use: 'use', col_name: 'technique', col_level: 'HoDoKu level', col_score: 'score',
    col_se: 'SE', col_summary: 'what it does', engine_failed: 'The engine stopped: {0}',
    stop_exhausted: 'search complete', stop_solutions: 'solution limit reached',
    stop_iterations: 'iteration limit reached',
  },
  es: {
    language: 'Idioma', pencil: 'Candidatos', undo: 'Deshacer', redo: 'Rehacer',
    fill: 'Rellenar candidatos', clear_marks: 'Borrar candidatos', check: 'Comprobar',
    restart: 'Reiniciar', share: 'Compartir', hint: 'Pista', apply: 'Aplicar',
    all_steps: 'Todos los pasos', back_to_game: 'Volver a la partida',
    tab_puzzles: 'Sudokus', tab_solve: 'Explicar y calificar', tab_search: 'Búsqueda',
    tab_techniques: 'Técnicas',
    import_title: 'Abrir un sudoku',
    import_note: 'Pegue un sudoku en cualquier formato que sudokit lee: una línea de 81 casillas, un bloque de 9 filas, JSON.',
    import_go: 'Abrir', generate_title: 'Generar', level: 'Nivel', any: 'cualquiera',
    lvl_easy: 'fácil', lvl_medium: 'medio', lvl_hard: 'difícil', lvl_unfair: 'injusto',
    lvl_extreme: 'extremo', technique: 'Técnica', symmetry: 'Simetría', rating: 'Puntuación SE',
    minimal: 'mínimo', seed: 'Semilla', generate: 'Generar', library_title: 'Mis sudokus',
    lib_save: 'Guardar el actual', lib_export: 'Exportar todos', grade: 'Calificar',
    explain: 'Explicar la solución', prev: '◀', next: '▶', algorithm: 'Algoritmo',
    alg_backtracking: 'vuelta atrás', alg_bnb: 'ramificación y poda',
    alg_deepening: 'vuelta atrás con profundización', select: 'Casilla siguiente',
    sel_next: 'la siguiente', sel_min: 'menos candidatos', sel_random: 'al azar',
    deep_techniques: 'Técnicas', max_solutions: 'Soluciones hasta',
    max_iterations: 'Iteraciones hasta', run: 'Ejecutar', tree: 'Árbol de búsqueda',
    fit: 'Ajustar', trace: 'Traza de iteraciones',
    tree_note: 'Cada nodo: #iteración, nivel, la casilla (i fila, j columna), el dígito n ensayado y los candidatos d de la casilla. Rojo: fallido (la profundización tras el ensayo halló un callejón sin salida); naranja: rechazado (fallaron todas las ramas por debajo); verde: una solución, y en negrita el camino a cada una; discontinuo: abierto (la búsqueda se detuvo antes). Amplíe con + y − o Ctrl+rueda, arrastre para desplazarse.',
    techniques_note: 'Las pistas y explicaciones usan las técnicas marcadas aquí.',
    tech_default: 'Conjunto por defecto', tech_none: 'Ninguna',
    footer: 'sudokit se ejecuta aquí, en su navegador: nada sale de esta página.',
    solved: 'resuelto (solved)', playing: 'jugando', loading: 'cargando…', working: 'trabajando…',
    no_puzzle: 'sin sudoku', conflicts: 'dos dígitos iguales en una unidad',
    not_unique: 'este sudoku no tiene exactamente una solución: {0}',
    hint_vague: 'Busque un(a) {0} en {1}.', hint_vague_nohouse: 'Busque un(a) {0}.',
    hint_cells: '{0}: mire {1}.', hint_digits: ' Dígitos: {0}.',
    hint_solved: 'La cuadrícula está resuelta.',
    hint_stuck: 'Aquí no se aplica ninguna técnica permitida.',
    check_ok: 'Sin errores por ahora.', check_solved: 'resuelto (solved): ¡bien hecho!',
    mistakes_first: 'Corrija esto primero: {0}',
    imported: 'Sudoku abierto desde la línea {0}.', import_none: 'No se encontró ningún sudoku.',
    import_error: 'línea {0}: {1}', generated: 'Generado en {0} intentos (semilla {1}).',
    gen_failed: 'Ningún sudoku: {0}', grade_line: 'Nivel HoDoKu {0}, puntuación {1}; Sudoku Explainer {2}',
    hardest: 'técnica más difícil: {0}', stuck_grade: 'las técnicas disponibles se atascan',
    path_pos: 'paso {0} de {1}', path_stuck: 'Atascado aquí: no se aplica ninguna técnica permitida.',
    saved: 'Guardado como «{0}».', open: 'Abrir', rename: 'Renombrar', delete: 'Borrar',
    rename_prompt: 'Nuevo nombre:', puzzle_name: 'Sudoku {0}', copied: 'Enlace copiado al portapapeles.',
    link_ready: 'Enlace en la barra de direcciones.',
    link_bad: 'El enlace de la barra de direcciones no contiene una posición legible (¿un enlace cortado o editado?): no se abrió.',
    stop_button: 'Detener', stopped: 'detenido',
    status_multiple: 'tiene más de una', status_none: 'no tiene ninguna',
    trace_cut: '[la traza se corta aquí: la página muestra su primer megabyte]',
    bad_whole: '{0}: «{1}» no es un número entero mayor o igual que {2}.',
    imported_first: 'El texto contiene {0} sudokus: está abierto el primero, de la línea {1}.',
    replay: 'Reproduciendo la búsqueda: evento {0} de {1}', replay_pos: '{0} / {1}',
    ev_open: 'iter={0} {1}={2}', ev_failed: 'FALLIDO iter={0} {1}={2}',
    ev_solution: 'SOLUCIÓN iter={0} {1}={2}', ev_start: 'primera profundización',
    stat_nodes: 'nodos', stat_iterations: 'iteraciones', stat_dead_ends: 'ramas fallidas',
    stat_max_depth: 'nivel más profundo', stat_peak_live_nodes: 'máximo de nodos vivos',
    stat_peak_memory_bytes: 'memoria máxima (bytes)', stat_found: 'soluciones encontradas',
    stat_stop: 'se detuvo por', all_steps_count: '{0} pasos en esta posición.',
    col_use: 'usar', col_name: 'técnica', col_level: 'nivel HoDoKu', col_score: 'puntos',
    col_se: 'SE', col_summary: 'qué hace', engine_failed: 'El motor se detuvo: {0}',
    stop_exhausted: 'búsqueda completa', stop_solutions: 'límite de soluciones alcanzado',
    stop_iterations: 'límite de iteraciones alcanzado',
  },
};

let current = 'en';

/** The page's language. */
export function lang() {
  return current;
}

/** Sets the language and rewrites every `data-i18n` element. */
export function setLang(code) {
  current = WORDS[code] ? code : 'en';
  document.documentElement.lang = current;
  for (const el of document.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n);
  }
}

/** The words of `key` in the current language, `{0}`… filled from `args`. */
export function t(key, ...args) {
  const text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

/** Every key, per language (for the tests: both must have the same). */
export const KEYS = Object.fromEntries(Object.entries(WORDS).map(([k, v]) => [k, Object.keys(v)]));
