//! A Doom sector's outline: the loops its lines make. Every line with a
//! side in the sector is an edge with the sector on its right (the right
//! side runs start → end, the left side end → start); lines with both sides
//! in the sector bound nothing and are left out. The edges are chained
//! into closed loops, turning as far right as possible where several
//! leave one vertex, so that a sector pinched at a vertex comes out as two
//! loops; a loop through a vertex twice is cut there. A chain that does
//! not close is closed straight back to where it began (a source port
//! draws such a sector anyway), and said so.

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
    /// Whether it is the outside of the sector (clockwise), not a hole.
    pub outer: bool,
}

/// A directed edge of a sector's outline: vertex indices.
#[derive(Debug, Clone, Copy)]
struct Edge {
    from: usize,
    to: usize,
}

/// The loops of every sector of `map`, by sector, and a warning for each
/// chain that did not close.
pub(super) fn sector_loops(map: &DoomMap) -> (Vec<Vec<SectorLoop>>, Vec<String>) {
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new(); map.sectors.len()];
    let sector_of = |side: Option<usize>| side.and_then(|s| map.sidedefs.get(s)).map(|s| s.sector);
    for line in &map.linedefs {
        let (right, left) = (sector_of(line.right), sector_of(line.left));
        if right.is_some() && right == left {
            continue;
        }
        if line.start == line.end {
            continue;
        }
        if let Some(sector) = right.filter(|&s| s < edges.len()) {
            edges[sector].push(Edge {
                from: line.start,
                to: line.end,
            });
        }
        if let Some(sector) = left.filter(|&s| s < edges.len()) {
            edges[sector].push(Edge {
                from: line.end,
                to: line.start,
            });
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
        let mut vertices = vec![edges[first].from];
        let mut at = first;
        let closed = loop {
            let edge = edges[at];
            if edge.to == edges[first].from {
                break true;
            }
            vertices.push(edge.to);
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
                }
                None => break false,
            }
        };
        if !closed {
            open += 1;
        }
        for piece in split_at_repeats(&vertices) {
            let points: Vec<DVec2> = piece.iter().map(|&v| point(v)).collect();
            if points.len() < 3 {
                continue;
            }
            let area = crate::collision::outline::signed_area(&points);
            if area.abs() < 1e-6 {
                continue;
            }
            loops.push(SectorLoop {
                points,
                outer: area < 0.0,
            });
        }
    }
    (loops, open)
}

/// `vertices` (a closed loop) cut into simple loops wherever it passes a
/// vertex twice.
fn split_at_repeats(vertices: &[usize]) -> Vec<Vec<usize>> {
    let mut pieces = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for &vertex in vertices {
        if let Some(position) = stack.iter().position(|&v| v == vertex) {
            pieces.push(stack.split_off(position));
        }
        stack.push(vertex);
    }
    pieces.push(stack);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_through_a_vertex_twice_is_cut_there() {
        let pieces = split_at_repeats(&[0, 1, 2, 0, 3, 4]);
        assert_eq!(pieces, vec![vec![0, 1, 2], vec![0, 3, 4]]);
        let pieces = split_at_repeats(&[0, 1, 2, 3, 1, 4]);
        assert_eq!(pieces, vec![vec![1, 2, 3], vec![0, 1, 4]]);
    }
}
