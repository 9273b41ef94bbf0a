//! A Doom map made into a level file: its sectors become floors (with
//! `ground = false`: outside them is void), its one-sided lines walls, its
//! two-sided lines' middle textures (grates, fences) see-through walls
//! that block where the line does, its other two-sided lines that block
//! walls that are not drawn (the one-sided
//! walls' textures aligned by their sides' offsets and the lines' lower
//! unpegged flag), its sectors' light levels floors' `light`, its sky
//! ceilings (`F_SKY1`) floors' `sky` under the episode's sky texture, its
//! start the player's, its
//! lamps, pillars and barrels lamps, obstacles and
//! loose bodies, and its textures and flats PNG files beside the level.
//! 32 Doom units are a metre; x = Doom x / 32, z = −(Doom y) / 32, so the
//! plan is not mirrored, and yaw = −(Doom angle). The player is Doom's:
//! radius 16 units, height 56, eye 41, step 24.
//!
//! Heights are counted from the map's lowest floor, which stands at 0.
//!
//! Door sectors get their ceilings as Doom opens them (4 units below the
//! lowest neighbouring ceiling), and those the map has closed a rise door
//! (`doors`) over them, which the use key opens, as do those the map has
//! open that some line closes (a rise door that starts open, `open =
//! true`), and the switches and lines walked over that open or close them
//! in Doom `[[switch]]`es, once where Doom's line is once (W1, S1).
//!
//! Lift sectors become `[[lift]]`s of their floors, lowering to the
//! lowest neighbouring floor, and the lines that work them switches that
//! start them.
//!
//! What this version leaves out, and says so in its summary and warnings:
//! lines that are shot (doors' and lifts') do nothing, the doors they
//! open opening by use at the door instead; lines that close doors and
//! open them again after a wait do nothing; a teleporter without a
//! destination is left out, monsters and items are left out, and a
//! sector whose outline the
//! level format cannot hold (crossing another) is left out with a
//! warning.
//!
//! Module map: `loops` the sectors' outlines, `grates` the two-sided
//! lines' middle textures, `sky` which ceilings are
//! sky and the map's sky texture, `things` what each thing
//! becomes, `specials` what each line's special is, `doors` the door
//! sectors and their rise doors, `lifts` the lift sectors and the lines
//! that start them, `lines` the teleporters and exits with their
//! destinations, `text` the level file's text, `in_memory` a map imported
//! as a level without a file.

mod doors;
mod grates;
mod in_memory;
mod lifts;
mod lines;
mod loops;
mod sky;
mod specials;
mod text;
mod things;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::Path;

use glam::{DVec2, Vec2};
use image::RgbaImage;

use super::{DoomMap, Linedef, Sidedef, Thing, Wad, WadError, WadProblem, WadTextures};
use crate::level::{LevelFloor, MaterialId, Peg, SidePeg, TextureAlignment, floor_problem};
use lines::teleporters_and_exits;
use loops::{LoopSide, SectorLoop, sector_loops};
use specials::{Special, special};
use text::{LevelText, TextFloor, TextLamp, TextSide, TextSquare, TextWall};
use things::{ThingRole, in_single_player, role};

pub use in_memory::load_map;

/// Doom units in a metre.
pub const UNITS_PER_METRE: f64 = 32.0;

/// How far below the lowest neighbouring ceiling a Doom door opens, in
/// units.
const DOOR_LIP: i32 = 4;

/// A sector's brightest light level.
const DOOM_FULL_LIGHT: i32 = 255;

/// A closed sector's ceiling above its floor, in metres, where the map
/// has them at one height: the format wants the ceiling above.
const CLOSED_GAP: f32 = 0.01;

/// What an imported map counts, for the summary line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportSummary {
    /// Walls made of one-sided lines and of two-sided lines' middle
    /// textures.
    pub walls: usize,
    /// Floors made of sectors.
    pub floors: usize,
    /// Door sectors (a rise door each where the map has them closed, or
    /// open and some line closes them).
    pub doors: usize,
    /// Lifts made of lift sectors.
    pub lifts: usize,
    /// Teleporter lines with a destination.
    pub teleporters: usize,
    /// Lamps made of light-giving things.
    pub lamps: usize,
    /// Obstacles made of solid decorations.
    pub obstacles: usize,
    /// Loose bodies made of barrels.
    pub bodies: usize,
    /// Things left out: monsters, items, keys, weapons, and the rest.
    pub left_out_things: usize,
    /// Line specials left out: all but doors, lifts, teleporters and
    /// exits; teleporters without a destination; lift lines worked by a
    /// shot or moving no lift; door lines that are shot, that close and
    /// open again after a wait, or that close no rise door.
    pub left_out_specials: usize,
}

/// A map made into a level file.
#[derive(Debug, Clone)]
pub struct ImportedMap {
    /// The map's marker name, e.g. `E1M1`.
    pub name: String,
    /// The level file's text.
    pub text: String,
    /// Each picture the level names, by its file name inside the textures
    /// folder.
    pub textures: Vec<(String, RgbaImage)>,
    /// What it counts.
    pub summary: ImportSummary,
    /// What was repaired or left out on the way, a line each.
    pub warnings: Vec<String>,
}

impl fmt::Display for ImportSummary {
    /// `W walls, F floors, D doors, L lifts, T teleporters, K lamps, O
    /// obstacles, B bodies; left out N things, S specials`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} walls, {} floors, {} doors, {} lifts, {} teleporters, {} lamps, {} obstacles, \
             {} bodies; left out {} things, {} specials",
            self.walls,
            self.floors,
            self.doors,
            self.lifts,
            self.teleporters,
            self.lamps,
            self.obstacles,
            self.bodies,
            self.left_out_things,
            self.left_out_specials
        )
    }
}

impl ImportedMap {
    /// The summary line: `E1M1: 120 walls, ...`.
    pub fn summary_line(&self) -> String {
        format!("{}: {}", self.name, self.summary)
    }

    /// Writes the level file at `out` and its pictures as PNG files in
    /// its textures folder ([`textures_folder`]) beside it; the level file
    /// last, so that it never names pictures not yet written.
    pub fn save(&self, out: &Path) -> std::io::Result<()> {
        let directory = out.parent().unwrap_or(Path::new(""));
        let folder = directory.join(textures_folder(out));
        for (name, picture) in &self.textures {
            crate::level::save::write_png(&folder.join(name), picture)?;
        }
        crate::level::save::write_atomically(out, self.text.as_bytes())
    }
}

/// The textures folder of level file `out`, relative to its folder:
/// `e1m1.textures` for `e1m1.toml`.
pub fn textures_folder(out: &Path) -> String {
    let stem = out.file_stem().map_or_else(
        || "level".to_owned(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    format!("{stem}.textures")
}

/// A thing's heading as a yaw in degrees: Doom's angles turn
/// counter-clockwise from east, our yaw clockwise from +x.
fn heading(thing: &Thing) -> f32 {
    -(thing.angle as f32)
}

/// A Doom position in metres on the plan.
fn plan(x: f64, y: f64) -> Vec2 {
    Vec2::new((x / UNITS_PER_METRE) as f32, (-y / UNITS_PER_METRE) as f32)
}

/// Imports map `map_name` of `wad`, its pictures named for a folder
/// `textures_folder` beside the level file (a relative path).
pub fn import_map(
    wad: &Wad,
    map_name: &str,
    textures_folder: &str,
) -> Result<ImportedMap, WadError> {
    let loaded = wad.read_map(map_name)?;
    let map = &loaded.map;
    let mut warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    let mut summary = ImportSummary::default();

    let door_sectors = doors::door_sectors(map);
    let spans = sector_spans(map, &door_sectors, &mut summary);
    let (loops, loop_warnings) = sector_loops(map);
    warnings.extend(loop_warnings);
    let floors = kept_floors(&loops, &spans, &mut warnings);
    summary.floors = floors.len();

    let pictures = WadTextures::read(wad)?;
    let mut level = LevelText::new(&map.name, textures_folder, &pictures);
    for floor in &floors {
        let sector = &map.sectors[floor.sector];
        let open = sky::is_sky(&sector.ceiling_flat);
        let text_floor = TextFloor {
            points: floor.points.clone(),
            height: floor.span.0,
            ceiling: floor.span.1,
            material: level.flat(&sector.floor_flat),
            ceiling_material: (!open).then(|| level.flat(&sector.ceiling_flat)).flatten(),
            side_material: side_texture(map, floor.sector)
                .and_then(|name| level.wall_texture(&name)),
            light: sector_light(sector.light),
            sky: open,
            sides: floor_sides(map, floor, &mut level),
        };
        level.floors.push(text_floor);
    }
    // A WAD without the texture (a PWAD that takes it from its IWAD) has
    // no sky, as it has no missing wall: its open ceilings show the fog.
    if level.floors.iter().any(|floor| floor.sky) {
        level.sky = level.wall_texture(&sky::sky_texture(&map.name));
    }
    for line in &map.linedefs {
        let right = line.right.and_then(|side| map.sidedefs.get(side));
        let (Some(a), Some(b)) = (map.vertices.get(line.start), map.vertices.get(line.end)) else {
            continue;
        };
        let (a, b) = (plan(a.x, a.y), plan(b.x, b.y));
        match (right, line.left) {
            (Some(right), None) => {
                let (floor, ceiling) = spans.get(right.sector).copied().unwrap_or((0.0, 1.0));
                let material = (right.middle != "-")
                    .then(|| level.wall_texture(&right.middle))
                    .flatten();
                level.walls.push(TextWall {
                    alignment: middle_alignment((a, b), right, line.flags),
                    ..TextWall::new((a, b), (ceiling - floor).max(CLOSED_GAP), material)
                });
                summary.walls += 1;
            }
            (Some(right), Some(left)) => {
                let left = map.sidedefs.get(left);
                let sides = [right.sector, left.map_or(right.sector, |s| s.sector)];
                let span = |sector: usize| spans.get(sector).copied().unwrap_or((0.0, 1.0));
                let spans = (span(sides[0]), span(sides[1]));
                if let Some(grate) = grates::grate(&mut level, (a, b), line, (right, left), spans) {
                    level.walls.push(grate);
                    summary.walls += 1;
                    continue;
                }
                if line.flags & Linedef::BLOCKS == 0 {
                    continue;
                }
                // The walker cannot cross it, though both sides are open:
                // a wall that blocks and is not drawn, as tall as the
                // higher ceiling above the lower floor.
                let floor = sides
                    .iter()
                    .map(|&s| span(s).0)
                    .fold(f32::INFINITY, f32::min);
                let ceiling = sides
                    .iter()
                    .map(|&s| span(s).1)
                    .fold(f32::NEG_INFINITY, f32::max);
                level.walls.push(TextWall {
                    drawn: false,
                    ..TextWall::new((a, b), (ceiling - floor).max(CLOSED_GAP), None)
                });
            }
            _ => {}
        }
    }
    let mut rise_doors: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for floor in &floors {
        let Some(door) = door_sectors.get(&floor.sector) else {
            continue;
        };
        let material = |name: &str| level.wall_texture(name);
        let outline = (floor.sector, door);
        match doors::rise_door(map, outline, &floor.points, floor.span, material) {
            Ok(Some(door)) => {
                rise_doors
                    .entry(floor.sector)
                    .or_default()
                    .push(level.doors.len());
                level.doors.push(door);
            }
            Ok(None) => {}
            Err(warning) => warnings.push(warning),
        }
    }
    let (door_switches, left_out_door_lines) = doors::switches(map, &rise_doors);
    summary.left_out_specials += left_out_door_lines;
    level.switches = door_switches;
    let (lifts, lift_of_sector) = lifts::lifts(map, &floors, &spans);
    let (lift_switches, left_out_lift_lines) = lifts::switches(map, &lift_of_sector);
    summary.lifts = lifts.len();
    summary.left_out_specials += left_out_lift_lines;
    level.lifts = lifts;
    level.switches.extend(lift_switches);
    place_things(wad, map, &floors, &mut level, &mut summary, &mut warnings)?;
    let lines = teleporters_and_exits(map, &floors);
    summary.teleporters = lines.teleporters.len();
    summary.left_out_specials += lines.warnings.len();
    warnings.extend(lines.warnings);
    level.teleporters = lines.teleporters;
    level.exits = lines.exits;
    let text = level.write();
    let textures = level.pictures(&mut warnings);
    Ok(ImportedMap {
        name: map.name.clone(),
        text,
        textures,
        summary,
        warnings,
    })
}

/// The `sides` of `floor`: per edge of its outline, the side facing it
/// there, as Doom paints what its sector sees: its lower and upper
/// textures (none for `-`, or a texture the WAD lacks), its offsets, and
/// its line's lower and upper unpegged flags; the default where no side
/// faces it or its line is one-sided.
fn floor_sides(map: &DoomMap, floor: &ImportedFloor, level: &mut LevelText) -> Vec<TextSide> {
    let n = floor.points.len();
    (0..n)
        .map(|i| {
            let Some(LoopSide { side, line }) = floor.sides.get(i).copied().flatten() else {
                return TextSide::default();
            };
            let (Some(side), Some(line)) = (map.sidedefs.get(side), map.linedefs.get(line)) else {
                return TextSide::default();
            };
            // A one-sided line is a wall: the floor sees no riser or
            // header along it.
            if line.right.is_none() || line.left.is_none() {
                return TextSide::default();
            }
            let mut texture =
                |name: &str| (name != "-").then(|| level.wall_texture(name)).flatten();
            let peg = |flag: u16| {
                if line.flags & flag != 0 {
                    SidePeg::Ceiling
                } else {
                    SidePeg::Edge
                }
            };
            TextSide {
                lower: texture(&side.lower),
                upper: texture(&side.upper),
                offset: side_offset((floor.points[i], floor.points[(i + 1) % n]), side),
                lower_peg: peg(Linedef::LOWER_UNPEGGED),
                upper_peg: peg(Linedef::UPPER_UNPEGGED),
            }
        })
        .collect()
}

/// How a one-sided line's middle texture lies on its wall from `a` to `b`
/// (the line's first vertex and second, in metres), as Doom lays it:
/// its top at the ceiling, or its bottom at the floor when the line is
/// lower unpegged; shifted down the wall by the side's y offset; and
/// along the line, from the first vertex, by the side's x offset.
///
/// The face the sector sees runs its texture u as the negative of the
/// world coordinate along a→b plus the wall's offset, so the offset that
/// makes it the negative of Doom's u (the column at the first vertex is
/// the x offset, and lines that Doom continues one another continue here)
/// is the first vertex's coordinate along the line less the x offset.
fn middle_alignment((a, b): (Vec2, Vec2), side: &Sidedef, flags: u16) -> TextureAlignment {
    TextureAlignment {
        offset: side_offset((a, b), side),
        peg: if flags & Linedef::LOWER_UNPEGGED != 0 {
            Peg::Bottom
        } else {
            Peg::Top
        },
    }
}

/// The offset of `side`'s textures on a face from `a` to `b` (the side's
/// first vertex and second, in metres) that its sector sees: its y
/// offset down, and along the line, as [`middle_alignment`] says, the
/// first vertex's coordinate along the line less its x offset.
fn side_offset((a, b): (Vec2, Vec2), side: &Sidedef) -> Vec2 {
    let metres = |texels: i32| (f64::from(texels) / UNITS_PER_METRE) as f32;
    let along = (b - a).normalize_or_zero();
    Vec2::new(a.dot(along) - metres(side.x_offset), metres(side.y_offset))
}

/// Each sector's floor and ceiling in metres, doors open: a door
/// sector's ceiling 4 units below the lowest ceiling around it. Counts the
/// doors (`doors`, by sector) and the left-out specials but lifts'.
fn sector_spans(
    map: &DoomMap,
    doors: &BTreeMap<usize, doors::DoorSector>,
    summary: &mut ImportSummary,
) -> Vec<(f32, f32)> {
    summary.left_out_specials += (map.linedefs.iter())
        .filter(|line| special(line.special) == Some(Special::Other))
        .count();
    summary.doors = doors.len();
    let neighbours = neighbouring_sectors(map);
    // Every height from the lowest floor up, so that lamps, whose heights
    // count from the ground, hang above it.
    let lowest_floor = map
        .sectors
        .iter()
        .map(|s| s.floor_height)
        .min()
        .unwrap_or(0);
    map.sectors
        .iter()
        .enumerate()
        .map(|(index, sector)| {
            let mut ceiling = sector.ceiling_height;
            if doors.contains_key(&index) {
                let lowest = neighbours
                    .get(&index)
                    .into_iter()
                    .flatten()
                    .filter_map(|&other| map.sectors.get(other))
                    .map(|other| other.ceiling_height)
                    .min();
                if let Some(lowest) = lowest {
                    ceiling = ceiling.max(lowest - DOOR_LIP);
                }
            }
            let metres = |units: i32| {
                ((f64::from(units) - f64::from(lowest_floor)) / UNITS_PER_METRE) as f32
            };
            let floor = metres(sector.floor_height);
            let ceiling = metres(ceiling);
            (floor, ceiling.max(floor + CLOSED_GAP))
        })
        .collect()
}

/// A sector's light level (0 to 255 in Doom; out of range clamped) as a
/// floor's `light`, 0..=1.
fn sector_light(level: i32) -> f32 {
    level.clamp(0, DOOM_FULL_LIGHT) as f32 / DOOM_FULL_LIGHT as f32
}

/// Each sector's neighbours: the sectors across its two-sided lines.
fn neighbouring_sectors(map: &DoomMap) -> HashMap<usize, BTreeSet<usize>> {
    let mut neighbours: HashMap<usize, BTreeSet<usize>> = HashMap::new();
    let sector_of = |side: Option<usize>| side.and_then(|s| map.sidedefs.get(s)).map(|s| s.sector);
    for line in &map.linedefs {
        if let (Some(right), Some(left)) = (sector_of(line.right), sector_of(line.left))
            && right != left
        {
            neighbours.entry(right).or_default().insert(left);
            neighbours.entry(left).or_default().insert(right);
        }
    }
    neighbours
}

/// A floor made of one outer loop of a sector.
#[derive(Debug, Clone)]
struct ImportedFloor {
    sector: usize,
    points: Vec<Vec2>,
    /// Per edge of `points`, the side that faces the floor along it.
    sides: Vec<Option<LoopSide>>,
    span: (f32, f32),
}

impl ImportedFloor {
    /// Its outline and heights as a level's floor, its materials left
    /// at the first: what the format's checks and lookups take.
    fn outline(&self) -> LevelFloor {
        LevelFloor {
            points: self.points.clone(),
            height: self.span.0,
            ceiling: self.span.1,
            material: MaterialId(0),
            ceiling_material: MaterialId(0),
            side_material: MaterialId(0),
            light: 1.0,
            sky: false,
            sides: Vec::new(),
        }
    }
}

/// The floors of every sector's outer loops that the format can hold
/// together: the largest first, each one that crosses or overlaps a floor
/// already kept (without one holding the other) left out with a warning.
fn kept_floors(
    loops: &[Vec<SectorLoop>],
    spans: &[(f32, f32)],
    warnings: &mut Vec<String>,
) -> Vec<ImportedFloor> {
    let mut candidates: Vec<(f64, ImportedFloor)> = loops
        .iter()
        .enumerate()
        .flat_map(|(sector, loops)| loops.iter().filter(|l| l.outer).map(move |l| (sector, l)))
        .map(|(sector, outline)| {
            let area = crate::collision::outline::signed_area(&outline.points).abs();
            let points = outline
                .points
                .iter()
                .map(|p: &DVec2| plan(p.x, p.y))
                .collect();
            let span = spans.get(sector).copied().unwrap_or((0.0, 1.0));
            (
                area,
                ImportedFloor {
                    sector,
                    points,
                    sides: outline.sides.clone(),
                    span,
                },
            )
        })
        .collect();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<ImportedFloor> = Vec::new();
    let mut held: Vec<LevelFloor> = Vec::new();
    for (_, floor) in candidates {
        match floor_problem(held.len(), &floor.points, &held) {
            Some(problem) => warnings.push(format!("sector {} left out: {problem}", floor.sector)),
            None => {
                held.push(floor.outline());
                kept.push(floor);
            }
        }
    }
    kept
}

/// The texture a sector's risers and headers take: the one its lines'
/// lower, upper and middle sides name most (ties to the first in name
/// order), leaving out the middle textures of two-sided lines, which are
/// grates drawn with their holes, not walls; `None` when they name none.
fn side_texture(map: &DoomMap, sector: usize) -> Option<String> {
    let two_sided_sides: BTreeSet<usize> = (map.linedefs.iter())
        .filter(|line| line.left.is_some())
        .flat_map(|line| [line.right, line.left])
        .flatten()
        .collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let sides = map.sidedefs.iter().enumerate();
    for (index, side) in sides.filter(|(_, side)| side.sector == sector) {
        let middle = (!two_sided_sides.contains(&index)).then_some(&side.middle);
        for name in [Some(&side.lower), Some(&side.upper), middle]
            .into_iter()
            .flatten()
        {
            if name != "-" && !name.is_empty() {
                *counts.entry(name.as_str()).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))
        .map(|(name, _)| name.to_owned())
}

/// The start, lamps, obstacles and bodies of `map`'s things (those of
/// single-player play), standing on `floors`.
fn place_things(
    wad: &Wad,
    map: &DoomMap,
    floors: &[ImportedFloor],
    level: &mut LevelText,
    summary: &mut ImportSummary,
    warnings: &mut Vec<String>,
) -> Result<(), WadError> {
    let on_a_floor = |at: Vec2| {
        floors.iter().any(|floor| {
            let points: Vec<DVec2> = floor.points.iter().map(|p| p.as_dvec2()).collect();
            crate::collision::outline::holds(&points, at.as_dvec2())
        })
    };
    let metres = |units: f32| units / UNITS_PER_METRE as f32;
    let mut bodies: Vec<TextSquare> = Vec::new();
    for thing in &map.things {
        let at = plan(thing.x, thing.y);
        let Some(role) = role(thing.kind).filter(|_| in_single_player(thing.flags)) else {
            summary.left_out_things += 1;
            continue;
        };
        match role {
            // Taken by the teleporters that send the walker there.
            ThingRole::TeleportDestination => {}
            ThingRole::Start => {
                if level.start.is_none() {
                    level.start = Some((at, heading(thing)));
                }
            }
            ThingRole::Lamp { height, colour, .. } => {
                // The lamp's height counts from the floor under it, its
                // `base` left out.
                match on_a_floor(at).then(|| metres(height)) {
                    Some(height) => {
                        level.lamps.push(TextLamp { at, height, colour });
                        summary.lamps += 1;
                    }
                    None => {
                        summary.left_out_things += 1;
                        warnings.push(format!(
                            "the lamp at {at} is left out: it stands on no floor"
                        ));
                    }
                }
            }
            ThingRole::Obstacle { radius, height } => {
                level.obstacles.push(TextSquare {
                    at,
                    half: metres(radius),
                    height: metres(height),
                    loose: false,
                });
                summary.obstacles += 1;
            }
            ThingRole::Body { radius, height } => bodies.push(TextSquare {
                at,
                half: metres(radius),
                height: metres(height),
                loose: true,
            }),
        }
    }
    // Bodies last, each against every fixed obstacle and the bodies kept
    // before it.
    for body in bodies {
        if level.clears(&body) {
            level.obstacles.push(body);
            summary.bodies += 1;
        } else {
            summary.left_out_things += 1;
            warnings.push(format!(
                "the barrel at {} is left out: it would start against a wall, an obstacle, a \
                 door or the start",
                body.at
            ));
        }
    }
    if level.start.is_none() {
        return Err(wad.error(&format!("{} THINGS", map.name), WadProblem::NoStart));
    }
    Ok(())
}
