//! A Doom sector's outline: the loops its lines make. Every line with a
//! side in the sector is an edge with the sector on its right (the right
//! side runs start → end, the left side end → start); lines with both sides
//! in the sector bound nothing and are left out. The edges are chained
//! into closed loops, turning as far right as possible where several
//! leave one vertex, so that a sector pinched at a vertex comes out as two
//! loops; a loop through a vertex twice is cut there. A chain that does
//! not close is closed straight back to where it began (a source port
//! draws such a sector anyway), and said so. Each edge of a loop keeps the
//! side it came from, the one that faces the sector.

use std::collections::HashMap;

use glam::DVec2;

use crate::level::wad::DoomMap;

/// One closed loop of a sector's outline, in Doom's coordinates (y up),
/// with the sector on the right of each edge: the outer outline turns
/// clockwise, a hole counter-clockwise.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SectorLoop {
    /// Its vertices in order, each once.
    pub points: Vec<DVec2>,
    /// Per edge, from `points[i]` to the next point (the last closing the
    /// loop): the sidedef that faces the sector along it, with its line;
    /// `None` for the edge that closes a chain that did not close.
    pub sides: Vec<Option<LoopSide>>,
    /// Whether it is the outside of the sector (clockwise), not a hole.
    pub outer: bool,
}

/// The side of a line that an edge of a sector's loop came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct LoopSide {
    /// The sidedef's index.
    pub side: usize,
    /// Its linedef's index.
    pub line: usize,
}

/// A directed edge of a sector's outline: vertex indices, and the side
/// facing the sector.
#[derive(Debug, Clone, Copy)]
struct Edge {
    from: usize,
    to: usize,
    side: LoopSide,
}

/// The loops of every sector of `map`, by sector, and a warning for each
/// chain that did not close.
pub(super) fn sector_loops(map: &DoomMap) -> (Vec<Vec<SectorLoop>>, Vec<String>) {
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new(); map.sectors.len()];
    let sector_of = |side: Option<usize>| side.and_then(|s| map.sidedefs.get(s)).map(|s| s.sector);
    for (index, line) in map.linedefs.iter().enumerate() {
        let (right, left) = (sector_of(line.right), sector_of(line.left));
        if right.is_some() && right == left {
            continue;
        }
        if line.start == line.end {
            continue;
        }
        // The right side runs start → end, the left side end → start.
        let sides = [
            (right, line.right, line.start, line.end),
            (left, line.left, line.end, line.start),
        ];
        for (sector, side, from, to) in sides {
            if let (Some(sector), Some(side)) = (sector.filter(|&s| s < edges.len()), side) {
                edges[sector].push(Edge {
                    from,
                    to,
                    side: LoopSide { side, line: index },
                });
            }
        }
    }
    let mut warnings = Vec::new();
    let loops = edges
        .iter()
        .enumerate()
        .map(|(sector, edges)| {
            let (loops, open) = chain(map, edges);
            if open > 0 {
                warnings.push(format!(
                    "sector {sector} does not close: {open} chain(s) of its lines closed straight"
                ));
            }
            loops
        })
        .collect();
    (loops, warnings)
}

/// The closed loops `edges` make, and how many chains had to be closed.
fn chain(map: &DoomMap, edges: &[Edge]) -> (Vec<SectorLoop>, usize) {
    let point = |vertex: usize| {
        map.vertices
            .get(vertex)
            .map_or(DVec2::ZERO, |v| DVec2::new(v.x, v.y))
    };
    let mut leaving: HashMap<usize, Vec<usize>> = HashMap::new();
    for (index, edge) in edges.iter().enumerate() {
        leaving.entry(edge.from).or_default().push(index);
    }
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    let mut open = 0;
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        used[first] = true;
        // Each vertex with the side of the edge that leaves it.
        let mut vertices = vec![(edges[first].from, Some(edges[first].side))];
        let mut at = first;
        let closed = loop {
            let edge = edges[at];
            if edge.to == edges[first].from {
                break true;
            }
            vertices.push((edge.to, None));
            let incoming = point(edge.to) - point(edge.from);
            let next = leaving.get(&edge.to).and_then(|candidates| {
                candidates
                    .iter()
                    .copied()
                    .filter(|&c| !used[c])
                    .min_by(|&a, &b| {
                        let turn = |c: usize| {
                            let out = point(edges[c].to) - point(edges[c].from);
                            incoming.perp_dot(out).atan2(incoming.dot(out))
                        };
                        turn(a).total_cmp(&turn(b))
                    })
            });
            match next {
                Some(next) => {
                    used[next] = true;
                    at = next;
                    if let Some(last) = vertices.last_mut() {
                        last.1 = Some(edges[next].side);
                    }
                }
                None => break false,
            }
        };
        if !closed {
            open += 1;
        }
        for piece in split_at_repeats(&vertices) {
            let points: Vec<DVec2> = piece.iter().map(|&(v, _)| point(v)).collect();
            if points.len() < 3 {
                continue;
            }
            let area = crate::collision::outline::signed_area(&points);
            if area.abs() < 1e-6 {
                continue;
            }
            loops.push(SectorLoop {
                points,
                sides: piece.iter().map(|&(_, side)| side).collect(),
                outer: area < 0.0,
            });
        }
    }
    (loops, open)
}

/// `vertices` (a closed loop, each vertex with what its edge to the next
/// carries) cut into simple loops wherever it passes a vertex twice. Each
/// piece's last edge is the one that came back to the repeated vertex, so
/// every vertex keeps its own edge.
fn split_at_repeats<T: Copy>(vertices: &[(usize, T)]) -> Vec<Vec<(usize, T)>> {
    let mut pieces = Vec::new();
    let mut stack: Vec<(usize, T)> = Vec::new();
    for &(vertex, edge) in vertices {
        if let Some(position) = stack.iter().position(|&(v, _)| v == vertex) {
            pieces.push(stack.split_off(position));
        }
        stack.push((vertex, edge));
    }
    pieces.push(stack);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vertices of `pieces`, their edges left out.
    fn vertices(pieces: Vec<Vec<(usize, char)>>) -> Vec<Vec<usize>> {
        let strip = |piece: Vec<(usize, char)>| piece.into_iter().map(|(v, _)| v).collect();
        pieces.into_iter().map(strip).collect()
    }

    #[test]
    fn a_loop_through_a_vertex_twice_is_cut_there() {
        let loop_of = |vertices: [usize; 6]| vertices.map(|v| (v, 'e'));
        let pieces = split_at_repeats(&loop_of([0, 1, 2, 0, 3, 4]));
        assert_eq!(vertices(pieces), vec![vec![0, 1, 2], vec![0, 3, 4]]);
        let pieces = split_at_repeats(&loop_of([0, 1, 2, 3, 1, 4]));
        assert_eq!(vertices(pieces), vec![vec![1, 2, 3], vec![0, 1, 4]]);
    }

    #[test]
    fn every_vertex_keeps_the_edge_that_leaves_it_when_a_loop_is_cut() {
        // Edges a..f leave 0, 1, 2, 3, 1, 4: d (3 → 1) closes the loop
        // 1 2 3, and the rest keep 0 → 1 → 4 → 0.
        let walk = [(0, 'a'), (1, 'b'), (2, 'c'), (3, 'd'), (1, 'e'), (4, 'f')];
        let pieces = split_at_repeats(&walk);
        assert_eq!(
            pieces,
            vec![
                vec![(1, 'b'), (2, 'c'), (3, 'd')],
                vec![(0, 'a'), (1, 'e'), (4, 'f')]
            ]
        );
    }
}
