//! A staircase of a real map climbed by a scripted `replay`: Freedoom's
//! E1M3 has one west of the room at Doom's (-700, 1472): seven rises of
//! 8 units west to a landing 56 units up, then six more north, over five
//! steps, to a room 104 units up. No stair builder raises it: its sectors are built at
//! their heights. Shown by its `--heights` numbers.

use crate::freedoom;

/// In the room at the staircase's foot (Doom's floor 0), east of the
/// first step (x -24.5 to -25.5 m), on the stairs' middle line (z -46).
const E1M3_STAIRS_FROM: &str = "-21.875,-46";

/// Heights count from the map's lowest floor, Doom's -104: the foot at
/// Doom's 0, the top room at 104.
const FOOT: f32 = 104.0 / 32.0;
const TOP: f32 = 208.0 / 32.0;

/// Each step's rise: Doom's 8 units.
const RISE: f32 = 8.0 / 32.0;

/// The player's step, Doom's 24 units: no rise may be higher.
const STEP: f32 = 0.75;

#[test]
fn freedoom_e1m3s_staircase_is_climbed_step_by_step_by_a_scripted_replay() {
    // West 2 cm a tick for 530 ticks, up six steps and onto the landing
    // (x -30.5 to -34.5) to its middle; then north 2 cm a tick for 450
    // ticks, up the five steps beyond (z -48 to -53) into the top room.
    let script = format!("{}{}", "-0.02 0\n".repeat(530), "0 -0.02\n".repeat(450));
    let Some(numbers) =
        freedoom::replayed_heights("freedoom1.wad", "E1M3", E1M3_STAIRS_FROM, &script)
    else {
        return;
    };
    assert_eq!(numbers.len(), 980);
    let feet: Vec<f32> = numbers.iter().map(|&[_, _, feet, _]| feet).collect();
    let stdout = || format!("{numbers:?}");
    assert_eq!(feet[0], FOOT, "{}", stdout());
    // The feet only rise, a step at a time, never more than the player's
    // step: thirteen steps of 8 units each.
    let rises: Vec<f32> = feet.windows(2).map(|pair| pair[1] - pair[0]).collect();
    assert!(rises.iter().all(|&rise| rise >= 0.0), "{}", stdout());
    assert!(rises.iter().all(|&rise| rise <= STEP), "{}", stdout());
    let steps: Vec<f32> = rises.into_iter().filter(|&rise| rise > 0.0).collect();
    assert_eq!(steps.len(), 13, "{}", stdout());
    assert!(
        steps.iter().all(|&rise| (rise - RISE).abs() < 1e-5),
        "{steps:?}"
    );
    // At the top, in the room at Doom's 104, the eye settled 1.28 m (41
    // units) over the feet.
    let [x, z, last_feet, eye] = numbers[numbers.len() - 1];
    assert_eq!(last_feet, TOP, "{}", stdout());
    assert!(z < -53.0 && (-34.5..-30.5).contains(&x), "at {x}, {z}");
    assert!(
        (eye - last_feet - 1.28).abs() < 1e-4,
        "{eye} over {last_feet}"
    );
}
