//! How an evaluation goes, chosen while the program compiles: element by element, or by a pass
//! whose cursors carry `W` axes (its width).
//!
//! A pass over a small shape carries a few words per leaf, which the optimizer keeps in
//! registers (and, for fixed shapes, folds to constants), not arrays sized for the largest
//! rank. So a pass is compiled at one of four widths. The choice is a constant function
//! pointer ([`evaluate`]), not branches of `if const`: the compiler compiles only the
//! branch an `if const` takes, but it still walks every function the others name, and every
//! function those name, instantiated for their types, to evaluate their constants. For an
//! expression, that walk of the passes it never takes (three widths, or all four where it
//! goes element by element) was most of its debug build. A constant function pointer names
//! one function only.

use shapecast_macros::hot;

/// The widths a pass may have, in order, the last for the largest expression: more than the
/// output's axes and one slot per axis that the reductions inside fold over, so that one is
/// left along which nothing moves (`Cursor::STILL`).
const WIDTHS: [usize; 4] = [4, 8, 16, 2 * shapecast_rules::MAX_RANK + 1];

/// An evaluation, written once for every way it may go: by a pass of any width, or element by
/// element ([`evaluate`] takes the way its types choose).
pub(crate) trait Evaluation: Sized {
    /// The axes a pass needs: the output's and those its reductions fold, all told.
    const AXES: usize;
    /// Whether the evaluation goes element by element, with no pass (a small fixed shape:
    /// `expr::small`).
    const BY_ELEMENTS: bool = false;
    /// What the evaluation gives.
    type Output;
    /// The evaluation by a pass whose cursors are `W` wide.
    fn by_pass<const W: usize>(self) -> Self::Output;
    /// The evaluation element by element, where [`BY_ELEMENTS`](Self::BY_ELEMENTS) (never
    /// called otherwise).
    fn by_elements(self) -> Self::Output {
        unreachable!("an evaluation goes element by element only where its types say so")
    }
}

/// Runs `work` element by element where its types say so, and otherwise by a pass of the
/// narrowest width that holds its axes: only the way chosen is compiled. An expression too wide
/// for any width is refused while the program compiles.
#[hot]
pub(crate) fn evaluate<K: Evaluation>(work: K) -> K::Output {
    let way: fn(K) -> K::Output = const {
        if K::BY_ELEMENTS {
            K::by_elements as fn(K) -> K::Output
        } else if K::AXES < WIDTHS[0] {
            K::by_pass::<{ WIDTHS[0] }>
        } else if K::AXES < WIDTHS[1] {
            K::by_pass::<{ WIDTHS[1] }>
        } else if K::AXES < WIDTHS[2] {
            K::by_pass::<{ WIDTHS[2] }>
        } else {
            assert!(
                K::AXES <= WIDTHS[3],
                "shapecast: this expression is too wide for one pass: its output's axes and the axes its reductions fold, all told, pass 129 (8 reductions over all 16 axes of a rank-16 tensor, nested, need 144); evaluate a reduction first (`.eval()`) and use the result as an operand"
            );
            K::by_pass::<{ WIDTHS[3] }>
        }
    };
    way(work)
}

/// Runs `$body` with `$W`, a constant, the width for a rank known only at run time (the arrays
/// of `dynamic`): two widths are compiled, the narrow one for ranks below 8.
macro_rules! with_rank_width {
    ($rank:expr, $W:ident => $body:expr) => {
        if $rank < 8 {
            const $W: usize = 8;
            $body
        } else {
            const $W: usize = 2 * shapecast_rules::MAX_RANK + 1;
            $body
        }
    };
}
pub(crate) use with_rank_width;
