//! An imported map's level file, written as text: the player as Doom's,
//! `ground = false` and the sky, a material per picture the map uses (its
//! PNG in the textures folder), then the floors, walls, doors, switches,
//! lifts, lamps, obstacles, teleporters and exits. Numbers are written in
//! Rust's shortest round-trip form.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use glam::Vec2;
use image::RgbaImage;

use super::UNITS_PER_METRE;
use crate::collision::distance_to_segment;
use crate::level::ExitBy;
use crate::level::save::{point_text as point, repeat_size_text, sides_text};
use crate::level::wad::{WadError, WadTextures};
use crate::level::{FloorSide, Peg, TextureAlignment};

/// A floor as written.
pub(super) struct TextFloor {
    pub points: Vec<Vec2>,
    pub height: f32,
    pub ceiling: f32,
    pub material: Option<String>,
    pub ceiling_material: Option<String>,
    pub side_material: Option<String>,
    /// Its sector's light, 0..=1; written when below 1.
    pub light: f32,
    /// Whether its ceiling is open sky; written when it is.
    pub sky: bool,
    /// What paints the faces along each edge that look into it; written
    /// up to the last that is not the default.
    pub sides: Vec<TextSide>,
}

/// A floor's side as written, its materials by name.
pub(super) type TextSide = FloorSide<String>;

/// A wall as written.
pub(super) struct TextWall {
    pub a: Vec2,
    pub b: Vec2,
    pub height: f32,
    /// Its `base`, written when it has one (else it stands on the floor
    /// under it).
    pub base: Option<f32>,
    /// Its `thickness`, written when it has one (else the level's
    /// `wall_thickness`).
    pub thickness: Option<f32>,
    pub material: Option<String>,
    /// Whether it is drawn: `false` for a two-sided line that blocks.
    pub drawn: bool,
    /// Whether it is see-through: a two-sided line's middle texture.
    pub see_through: bool,
    /// Whether it blocks: `false` for a middle texture on a line that
    /// does not.
    pub blocks: bool,
    /// How its texture lies: `offset` and `peg`, written when not the
    /// defaults.
    pub alignment: TextureAlignment,
}

impl TextWall {
    /// The wall from `a` to `b`, `height` high, of `material`, with every
    /// other key at the format's default: on the floor under it, drawn,
    /// opaque, blocking, its texture aligned by default.
    pub fn new((a, b): (Vec2, Vec2), height: f32, material: Option<String>) -> Self {
        Self {
            a,
            b,
            height,
            base: None,
            thickness: None,
            material,
            drawn: true,
            see_through: false,
            blocks: true,
            alignment: TextureAlignment::default(),
        }
    }
}

/// A rise door as written: its box `thickness` thick around `a → b`,
/// rising `height` metres from `base`, closed at the start or (`open`)
/// open.
pub(super) struct TextDoor {
    pub a: Vec2,
    pub b: Vec2,
    pub thickness: f32,
    pub base: f32,
    pub height: f32,
    pub speed: f32,
    pub close_after: f32,
    pub material: Option<String>,
    pub open: bool,
}

impl TextDoor {
    /// How far `p` lies from the door's box (0 inside it).
    fn distance_to(&self, p: Vec2) -> f32 {
        let span = self.b - self.a;
        let length = span.length();
        let along = span.try_normalize().unwrap_or(Vec2::X);
        let local = p - self.a;
        let s = local.dot(along);
        let d = local.dot(along.perp());
        let outside_along = (-s).max(s - length).max(0.0);
        let outside_across = (d.abs() - self.thickness / 2.0).max(0.0);
        Vec2::new(outside_along, outside_across).length()
    }
}

/// A switch as written: the line `a → b`, used or walked over, once or
/// every time, opening `doors` and closing `close` (indices among the
/// doors written) and starting `lifts` (indices among the lifts
/// written).
pub(super) struct TextSwitch {
    pub a: Vec2,
    pub b: Vec2,
    pub walked_over: bool,
    pub once: bool,
    pub doors: Vec<usize>,
    pub close: Vec<usize>,
    pub lifts: Vec<usize>,
}

/// A lift as written: `floors` (indices among the floors written)
/// lowering to `low`, waiting `wait` seconds, moving at `speed` m/s.
pub(super) struct TextLift {
    pub floors: Vec<usize>,
    pub low: f32,
    pub wait: f32,
    pub speed: f32,
}

/// A lamp as written.
pub(super) struct TextLamp {
    pub at: Vec2,
    pub height: f32,
    pub colour: [f32; 3],
}

/// A teleporter as written: its line from `a` to `b` (front on the
/// right), where it sends the walker and the heading it gives, in
/// degrees, and whether it does so once only.
pub(super) struct TextTeleporter {
    pub a: Vec2,
    pub b: Vec2,
    pub to: Vec2,
    pub yaw: f32,
    pub once: bool,
}

/// An exit as written: its line and how it is taken.
pub(super) struct TextExit {
    pub a: Vec2,
    pub b: Vec2,
    pub by: ExitBy,
}

/// A square obstacle as written: centred on `at`, `half` to each side.
pub(super) struct TextSquare {
    pub at: Vec2,
    pub half: f32,
    pub height: f32,
    pub loose: bool,
}

/// The level being written, and the pictures it names.
pub(super) struct LevelText<'a> {
    name: String,
    folder: String,
    pictures: &'a WadTextures<'a>,
    /// Each material by name: its picture, decoded (`None`: the WAD has no
    /// such picture, and the material is not written).
    materials: BTreeMap<String, Option<RgbaImage>>,
    pub start: Option<(Vec2, f32)>,
    /// The sky's material, where the map has sky ceilings and the WAD
    /// its texture.
    pub sky: Option<String>,
    pub floors: Vec<TextFloor>,
    pub walls: Vec<TextWall>,
    pub doors: Vec<TextDoor>,
    pub switches: Vec<TextSwitch>,
    pub lifts: Vec<TextLift>,
    pub lamps: Vec<TextLamp>,
    pub obstacles: Vec<TextSquare>,
    pub teleporters: Vec<TextTeleporter>,
    pub exits: Vec<TextExit>,
    /// Pictures that could not be decoded, by name and why.
    failed: Vec<String>,
}

/// Doom's player in metres: radius 16 units, height 56, eye 41, step 24.
const PLAYER: &str = "radius = 0.5\nheight = 1.75\neye_height = 1.28\nstep = 0.75\n";

/// The player's radius in [`PLAYER`], in metres.
const PLAYER_RADIUS: f32 = 0.5;

/// Walls' rendered thickness, `wall_thickness`, in metres: thin, since
/// the void behind a one-sided line already stops the walker.
const WALL_THICKNESS: f32 = 0.05;

impl<'a> LevelText<'a> {
    /// An empty level for map `name`, its pictures from `pictures`, named
    /// for the folder `folder` beside the level file.
    pub fn new(name: &str, folder: &str, pictures: &'a WadTextures<'a>) -> Self {
        Self {
            name: name.to_owned(),
            folder: folder.to_owned(),
            pictures,
            materials: BTreeMap::new(),
            start: None,
            sky: None,
            floors: Vec::new(),
            walls: Vec::new(),
            doors: Vec::new(),
            switches: Vec::new(),
            lifts: Vec::new(),
            lamps: Vec::new(),
            obstacles: Vec::new(),
            teleporters: Vec::new(),
            exits: Vec::new(),
            failed: Vec::new(),
        }
    }

    /// The material of flat `name` (`flat_NAME`), or `None` when the WAD
    /// has no such flat.
    pub fn flat(&mut self, name: &str) -> Option<String> {
        let material = format!("flat_{name}");
        if !self.materials.contains_key(&material) {
            let picture = self.decoded(name, self.pictures.flat(name));
            self.materials.insert(material.clone(), picture);
        }
        self.materials[&material].is_some().then_some(material)
    }

    /// The material of wall texture `name`, or `None` when the WAD has no
    /// such texture.
    pub fn wall_texture(&mut self, name: &str) -> Option<String> {
        if !self.materials.contains_key(name) {
            let picture = self.decoded(name, self.pictures.wall(name));
            self.materials.insert(name.to_owned(), picture);
        }
        self.materials[name].is_some().then(|| name.to_owned())
    }

    /// The material of wall texture `name` and the texture's height in
    /// texels, or `None` when the WAD has no such texture.
    pub fn wall_texture_with_height(&mut self, name: &str) -> Option<(String, u32)> {
        let material = self.wall_texture(name)?;
        let height = self.materials.get(&material)?.as_ref()?.height();
        Some((material, height))
    }

    /// `picture`, or `None` with the reason kept when it could not be
    /// decoded.
    fn decoded(
        &mut self,
        name: &str,
        picture: Result<Option<RgbaImage>, WadError>,
    ) -> Option<RgbaImage> {
        picture.unwrap_or_else(|error| {
            self.failed
                .push(format!("picture {name} left out: {error}"));
            None
        })
    }

    /// Every picture written, by file name, and a warning for each that
    /// could not be decoded.
    pub fn pictures(self, warnings: &mut Vec<String>) -> Vec<(String, RgbaImage)> {
        warnings.extend(self.failed);
        self.materials
            .into_iter()
            .filter_map(|(name, picture)| picture.map(|picture| (format!("{name}.png"), picture)))
            .collect()
    }

    /// Whether a loose body `square` would start clear of every wall's
    /// rendered body, every obstacle so far, every closed door's box (a
    /// door that starts open gives way to a body it would close onto) and
    /// the walker's body at the start (the loader refuses a loose body
    /// that does not): judged by
    /// the square's circumscribed circle, so a body close enough to doubt
    /// is taken for touching.
    pub fn clears(&self, square: &TextSquare) -> bool {
        let reach = square.half * std::f32::consts::SQRT_2;
        let walls_clear = self.walls.iter().all(|wall| {
            distance_to_segment(square.at, wall.a, wall.b) > reach + WALL_THICKNESS / 2.0
        });
        let obstacles_clear = self.obstacles.iter().all(|other| {
            let apart = (square.at - other.at).abs();
            apart.max_element() > square.half + other.half
        });
        let start_clear = self
            .start
            .is_none_or(|(start, _)| start.distance(square.at) > reach + PLAYER_RADIUS);
        let doors_clear = (self.doors.iter())
            .filter(|door| !door.open)
            .all(|door| door.distance_to(square.at) > reach);
        walls_clear && obstacles_clear && start_clear && doors_clear
    }

    /// The level file's text.
    pub fn write(&self) -> String {
        let mut text = String::new();
        let (start, yaw) = self.start.unwrap_or((Vec2::ZERO, 0.0));
        let _ = writeln!(
            text,
            "# {} imported from a Doom map by `mazewalker import`.\nname = {:?}\n\
             wall_radius = 0.05\nwall_thickness = {WALL_THICKNESS:?}\n\n[player]\nstart = {}\nyaw = {:?}\n{PLAYER}\n\
             [environment]\nground = false\nceiling_height = 4.0\nambient = 0.55\nfog_distance = 400.0",
            self.name,
            self.name,
            point(start),
            yaw
        );
        if let Some(sky) = &self.sky {
            let _ = writeln!(text, "sky = {sky:?}");
        }
        text.push('\n');
        for (name, picture) in &self.materials {
            let Some(picture) = picture else { continue };
            let _ = writeln!(
                text,
                "[[material]]\nname = {name:?}\nfile = {:?}\nmetres_per_repeat = {}\n",
                format!("{}/{name}.png", self.folder),
                repeat_size_text(picture_metres(picture))
            );
        }
        for floor in &self.floors {
            let points: Vec<String> = floor.points.iter().map(|&p| point(p)).collect();
            let _ = write!(
                text,
                "[[floor]]\npoints = [{}]\nheight = {:?}\nceiling = {:?}\n",
                points.join(", "),
                floor.height,
                floor.ceiling
            );
            for (key, material) in [
                ("material", &floor.material),
                ("ceiling_material", &floor.ceiling_material),
                ("side_material", &floor.side_material),
            ] {
                if let Some(material) = material {
                    let _ = writeln!(text, "{key} = {material:?}");
                }
            }
            if floor.light < 1.0 {
                let _ = writeln!(text, "light = {:?}", floor.light);
            }
            if floor.sky {
                text.push_str("sky = true\n");
            }
            if let Some(sides) = sides_text(&floor.sides, String::clone) {
                let _ = writeln!(text, "sides = {sides}");
            }
            text.push('\n');
        }
        for wall in &self.walls {
            let _ = write!(
                text,
                "[[wall]]\na = {}\nb = {}\nheight = {:?}\n",
                point(wall.a),
                point(wall.b),
                wall.height
            );
            if let Some(base) = wall.base {
                let _ = writeln!(text, "base = {base:?}");
            }
            if let Some(thickness) = wall.thickness {
                let _ = writeln!(text, "thickness = {thickness:?}");
            }
            if let Some(material) = &wall.material {
                let _ = writeln!(text, "material = {material:?}");
            }
            if !wall.drawn {
                text.push_str("drawn = false\n");
            }
            if wall.see_through {
                text.push_str("see_through = true\n");
            }
            if !wall.blocks {
                text.push_str("blocks = false\n");
            }
            let TextureAlignment { offset, peg } = wall.alignment;
            if offset != Vec2::ZERO {
                let _ = writeln!(text, "offset = {}", point(offset));
            }
            if peg != Peg::default() {
                let _ = writeln!(text, "peg = {:?}", peg.word());
            }
            text.push('\n');
        }
        for door in &self.doors {
            let _ = write!(
                text,
                "[[door]]\nkind = \"rise\"\na = {}\nb = {}\nthickness = {:?}\nheight = {:?}\n\
                 base = {:?}\nspeed = {:?}\nclose_after = {:?}\n",
                point(door.a),
                point(door.b),
                door.thickness,
                door.height,
                door.base,
                door.speed,
                door.close_after
            );
            if let Some(material) = &door.material {
                let _ = writeln!(text, "material = {material:?}");
            }
            if door.open {
                text.push_str("open = true\n");
            }
            text.push('\n');
        }
        for switch in &self.switches {
            let by = if switch.walked_over { "walk" } else { "use" };
            let _ = write!(
                text,
                "[[switch]]\na = {}\nb = {}\nby = {by:?}\ndoors = {}\n",
                point(switch.a),
                point(switch.b),
                indices(&switch.doors)
            );
            if !switch.lifts.is_empty() {
                let _ = writeln!(text, "lifts = {}", indices(&switch.lifts));
            }
            if !switch.close.is_empty() {
                let _ = writeln!(text, "close = {}", indices(&switch.close));
            }
            text.push_str(once_line(switch.once));
            text.push('\n');
        }
        for lift in &self.lifts {
            let _ = writeln!(
                text,
                "[[lift]]\nfloors = {}\nlow = {:?}\nwait = {:?}\nspeed = {:?}\n",
                indices(&lift.floors),
                lift.low,
                lift.wait,
                lift.speed
            );
        }
        for lamp in &self.lamps {
            let [r, g, b] = lamp.colour;
            let _ = writeln!(
                text,
                "[[light]]\nat = {}\nheight = {:?}\ncolour = [{r:?}, {g:?}, {b:?}]\nradius = 10.0\n",
                point(lamp.at),
                lamp.height
            );
        }
        for square in &self.obstacles {
            let (c, h) = (square.at, square.half);
            let corners = [
                Vec2::new(c.x - h, c.y - h),
                Vec2::new(c.x + h, c.y - h),
                Vec2::new(c.x + h, c.y + h),
                Vec2::new(c.x - h, c.y + h),
            ];
            let corners: Vec<String> = corners.iter().map(|&p| point(p)).collect();
            let _ = writeln!(
                text,
                "[[obstacle]]\npoints = [{}]\nheight = {:?}{}\n",
                corners.join(", "),
                square.height,
                if square.loose { "\nloose = true" } else { "" }
            );
        }
        for teleporter in &self.teleporters {
            let _ = writeln!(
                text,
                "[[teleporter]]\na = {}\nb = {}\nto = {}\nyaw = {:?}\n{}",
                point(teleporter.a),
                point(teleporter.b),
                point(teleporter.to),
                teleporter.yaw,
                once_line(teleporter.once)
            );
        }
        for exit in &self.exits {
            let _ = writeln!(
                text,
                "[[exit]]\na = {}\nb = {}\nby = {:?}\n",
                point(exit.a),
                point(exit.b),
                exit.by.word()
            );
        }
        text
    }
}

/// A list of indices, `[0, 3]`.
fn indices(indices: &[usize]) -> String {
    let indices: Vec<String> = indices.iter().map(usize::to_string).collect();
    format!("[{}]", indices.join(", "))
}

/// A line's `once` key as written: only for a line that works once.
fn once_line(once: bool) -> &'static str {
    if once { "once = true\n" } else { "" }
}

/// The world size of a Doom picture (a wall texture or a flat), its
/// material's `metres_per_repeat`: one texel is one Doom unit both ways,
/// so its width and its height in texels over the units per metre (a
/// picture with no texels counts as one).
fn picture_metres(picture: &RgbaImage) -> Vec2 {
    let metres = |texels: u32| (f64::from(texels.max(1)) / UNITS_PER_METRE) as f32;
    Vec2::new(metres(picture.width()), metres(picture.height()))
}
