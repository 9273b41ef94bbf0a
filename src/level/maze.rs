//! Seeded perfect-maze generation.
//!
//! [`maze_walls`] carves a perfect maze (exactly one path between any two
//! cells) on a W×H grid with an iterative depth-first search driven by a small
//! splitmix64 generator, so a seed always gives the same maze on every
//! machine. The remaining walls, outer boundary included, come back with
//! collinear runs merged into single segments, in level units. Cell (0, 0)
//! spans `[0, cell_size]²`; its centre is where the walker spawns.
//! The work is linear in the cells.

use glam::Vec2;

/// Largest accepted width or height, in cells.
pub const MAX_MAZE_CELLS_PER_SIDE: u32 = 4096;

/// Why [`maze_walls`] refused its arguments.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum MazeError {
    /// Width or height is zero.
    #[error("a maze needs at least one cell per side, got {width}×{height}")]
    Empty {
        /// Requested width, in cells.
        width: u32,
        /// Requested height, in cells.
        height: u32,
    },
    /// Width or height is above [`MAX_MAZE_CELLS_PER_SIDE`].
    #[error("a maze may have at most {max} cells per side, got {width}×{height}")]
    TooLarge {
        /// Requested width, in cells.
        width: u32,
        /// Requested height, in cells.
        height: u32,
        /// The cap.
        max: u32,
    },
    /// The cell size is not a finite positive number.
    #[error("the maze cell size must be finite and positive, got {cell_size}")]
    BadCellSize {
        /// The cell size given.
        cell_size: f32,
    },
}

/// splitmix64: tiny, fast and good enough to pick maze directions.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n ≤ 4, so the bias of the multiply-shift is nil).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Which inner walls are still standing after carving.
struct Carved {
    width: usize,
    height: usize,
    /// `east[y * width + x]`: wall between (x, y) and (x + 1, y).
    east: Vec<bool>,
    /// `north[y * width + x]`: wall between (x, y) and (x, y + 1).
    north: Vec<bool>,
}

/// How many cells [`carve`] visits between two reports of its progress.
const CELLS_A_REPORT: usize = 1 << 14;

/// Carves a perfect maze by randomised depth-first search (explicit stack),
/// telling `carved` the share of the cells visited every
/// [`CELLS_A_REPORT`] cells.
fn carve(width: usize, height: usize, seed: u64, carved: &mut dyn FnMut(f32)) -> Carved {
    let mut maze = Carved {
        width,
        height,
        east: vec![true; width * height],
        north: vec![true; width * height],
    };
    let mut rng = SplitMix64(seed);
    let mut visited = vec![false; width * height];
    let mut stack = vec![0_usize];
    visited[0] = true;
    let cells = width * height;
    let mut cells_visited = 1;
    let mut options = [0_usize; 4];
    while let Some(&cell) = stack.last() {
        let (x, y) = (cell % width, cell / width);
        let mut count = 0;
        let mut offer = |neighbour: usize| {
            if !visited[neighbour] {
                options[count] = neighbour;
                count += 1;
            }
        };
        if x > 0 {
            offer(cell - 1);
        }
        if x + 1 < width {
            offer(cell + 1);
        }
        if y > 0 {
            offer(cell - width);
        }
        if y + 1 < height {
            offer(cell + width);
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let next = options[rng.below(count)];
        let low = cell.min(next);
        if next.abs_diff(cell) == 1 {
            maze.east[low] = false;
        } else {
            maze.north[low] = false;
        }
        visited[next] = true;
        stack.push(next);
        cells_visited += 1;
        if cells_visited % CELLS_A_REPORT == 0 {
            carved(cells_visited as f32 / cells as f32);
        }
    }
    maze
}

/// Appends the merged runs of one grid line: `present(i)` says whether the
/// unit piece `i` of the line stands, `segment(i0, i1)` makes the wall.
fn merge_runs(
    length: usize,
    present: impl Fn(usize) -> bool,
    segment: impl Fn(usize, usize) -> [Vec2; 2],
    walls: &mut Vec<[Vec2; 2]>,
) {
    let mut run_start = None;
    for i in 0..=length {
        let stands = i < length && present(i);
        match (stands, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(start)) => {
                walls.push(segment(start, i));
                run_start = None;
            }
            _ => {}
        }
    }
}

/// The walls of a seeded perfect maze of `width`×`height` cells, each
/// `cell_size` level units wide, covering x ∈ [0, width·cell_size] and
/// z ∈ [0, height·cell_size] (points are `Vec2(x, z)`), outer boundary
/// included and collinear runs merged. Deterministic for a seed.
pub fn maze_walls(
    width: u32,
    height: u32,
    seed: u64,
    cell_size: f32,
) -> Result<Vec<[Vec2; 2]>, MazeError> {
    maze_walls_reporting(width, height, seed, cell_size, &mut |_| {})
}

/// [`maze_walls`], telling `carved` the share of the cells carved so far,
/// from 0 to 1, as the carving goes (a huge maze takes a while).
pub fn maze_walls_reporting(
    width: u32,
    height: u32,
    seed: u64,
    cell_size: f32,
    carved: &mut dyn FnMut(f32),
) -> Result<Vec<[Vec2; 2]>, MazeError> {
    if width == 0 || height == 0 {
        return Err(MazeError::Empty { width, height });
    }
    if width > MAX_MAZE_CELLS_PER_SIDE || height > MAX_MAZE_CELLS_PER_SIDE {
        return Err(MazeError::TooLarge {
            width,
            height,
            max: MAX_MAZE_CELLS_PER_SIDE,
        });
    }
    if !(cell_size.is_finite() && cell_size > 0.0) {
        return Err(MazeError::BadCellSize { cell_size });
    }
    let maze = carve(width as usize, height as usize, seed, carved);
    let (w, h) = (maze.width, maze.height);
    let at = |i: usize| i as f32 * cell_size;
    let mut walls = Vec::new();
    // Horizontal lines z = y: the boundary at y = 0 and y = h, else the
    // north walls of row y − 1.
    for y in 0..=h {
        let present = |x: usize| y == 0 || y == h || maze.north[(y - 1) * w + x];
        let segment = |x0: usize, x1: usize| [Vec2::new(at(x0), at(y)), Vec2::new(at(x1), at(y))];
        merge_runs(w, present, segment, &mut walls);
    }
    // Vertical lines x = column.
    for column in 0..=w {
        let present = |y: usize| column == 0 || column == w || maze.east[y * w + column - 1];
        let segment =
            |y0: usize, y1: usize| [Vec2::new(at(column), at(y0)), Vec2::new(at(column), at(y1))];
        merge_runs(h, present, segment, &mut walls);
    }
    Ok(walls)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unit wall pieces present on the grid, rebuilt from merged segments.
    fn unit_pieces(walls: &[[Vec2; 2]]) -> Vec<(i64, i64, bool)> {
        let mut pieces = Vec::new();
        for [a, b] in walls {
            let horizontal = a.y == b.y;
            let (from, to) = if horizontal { (a.x, b.x) } else { (a.y, b.y) };
            for i in from.min(to) as i64..from.max(to) as i64 {
                pieces.push(if horizontal {
                    (i, a.y as i64, true)
                } else {
                    (a.x as i64, i, false)
                });
            }
        }
        pieces.sort_unstable();
        pieces
    }

    #[test]
    fn carving_reports_its_rising_share_of_the_cells() {
        let mut reported = Vec::new();
        maze_walls_reporting(400, 300, 5, 1.0, &mut |done| reported.push(done)).unwrap();
        let cells = 400 * 300;
        assert_eq!(reported.len(), cells / CELLS_A_REPORT);
        assert!(
            reported.windows(2).all(|pair| pair[0] < pair[1]),
            "{reported:?}"
        );
        assert!(
            reported.iter().all(|&done| done > 0.0 && done <= 1.0),
            "{reported:?}"
        );
    }

    #[test]
    fn perfect_maze_has_exactly_a_spanning_tree_of_openings() {
        let (w, h) = (13_i64, 7_i64);
        let walls = maze_walls(w as u32, h as u32, 42, 1.0).unwrap();
        let pieces = unit_pieces(&walls);
        let mut deduped = pieces.clone();
        deduped.dedup();
        assert_eq!(deduped.len(), pieces.len(), "overlapping segments");
        // Every boundary piece stands.
        for x in 0..w {
            assert!(pieces.binary_search(&(x, 0, true)).is_ok());
            assert!(pieces.binary_search(&(x, h, true)).is_ok());
        }
        for y in 0..h {
            assert!(pieces.binary_search(&(0, y, false)).is_ok());
            assert!(pieces.binary_search(&(w, y, false)).is_ok());
        }
        // All grid edges = boundary + inner; a spanning tree opens W·H − 1.
        let all_edges = w * (h + 1) + h * (w + 1);
        assert_eq!(pieces.len() as i64, all_edges - (w * h - 1));
        // Flood fill through openings reaches every cell (connected + count
        // of openings = tree).
        let mut seen = vec![false; (w * h) as usize];
        let mut stack = vec![(0_i64, 0_i64)];
        seen[0] = true;
        while let Some((x, y)) = stack.pop() {
            let moves = [
                (x + 1, y, (x + 1, y, false)),
                (x - 1, y, (x, y, false)),
                (x, y + 1, (x, y + 1, true)),
                (x, y - 1, (x, y, true)),
            ];
            for (nx, ny, piece) in moves {
                let inside = (0..w).contains(&nx) && (0..h).contains(&ny);
                if inside && pieces.binary_search(&piece).is_err() {
                    let index = (ny * w + nx) as usize;
                    if !seen[index] {
                        seen[index] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn runs_are_merged_and_scaled() {
        let walls = maze_walls(5, 4, 7, 2.5).unwrap();
        // The outer boundary is four single segments.
        assert!(walls.contains(&[Vec2::new(0.0, 0.0), Vec2::new(12.5, 0.0)]));
        assert!(walls.contains(&[Vec2::new(0.0, 10.0), Vec2::new(12.5, 10.0)]));
        assert!(walls.contains(&[Vec2::new(0.0, 0.0), Vec2::new(0.0, 10.0)]));
        assert!(walls.contains(&[Vec2::new(12.5, 0.0), Vec2::new(12.5, 10.0)]));
        // No two segments on the same line touch end to end.
        for (i, [a, b]) in walls.iter().enumerate() {
            for [c, d] in &walls[i + 1..] {
                let same_line = (a.y == b.y && c.y == d.y && a.y == c.y)
                    || (a.x == b.x && c.x == d.x && a.x == c.x);
                assert!(!(same_line && (b == c || d == a)), "{a} {b} / {c} {d}");
            }
        }
    }

    #[test]
    fn same_seed_same_maze_other_seed_other_maze() {
        let first = maze_walls(30, 20, 1234, 1.0).unwrap();
        assert_eq!(first, maze_walls(30, 20, 1234, 1.0).unwrap());
        assert_ne!(first, maze_walls(30, 20, 1235, 1.0).unwrap());
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(
            maze_walls(0, 5, 1, 1.0),
            Err(MazeError::Empty {
                width: 0,
                height: 5
            })
        );
        assert!(matches!(
            maze_walls(5000, 5, 1, 1.0),
            Err(MazeError::TooLarge { .. })
        ));
        assert!(matches!(
            maze_walls(5, 5, 1, f32::NAN),
            Err(MazeError::BadCellSize { .. })
        ));
        assert_eq!(maze_walls(1, 1, 9, 1.0).unwrap().len(), 4);
    }
}
