/**
 * Schematic drawings of the paper's Figs 1, 3 and 4, painted with plain Java2D (no XChart): the RBM as a
 * complete bipartite graph and its simplified two-layer representation (Fig 1), the deep-tempering stack of
 * RBMs for L = 2 (Fig 3, Sec. 3) and the round-trip sampling procedure of Alg. 3 (Fig 4, Sec. 4). Each is a
 * {@link dev.rbmsuite.plots.render.Drawing}, written with {@link dev.rbmsuite.plots.render.DrawingWriter}.
 */
package dev.rbmsuite.plots.schematic;
