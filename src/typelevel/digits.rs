//! [`NotLonger`] for typenum numbers, as lists of binary digits: whether an element count fits
//! in `usize` (has no more digits than `2^(usize::BITS - 1)`).
//!
//! One step per byte of the number, not per digit: a shape's storage length is chosen by this
//! bit each time rustc names it, and a step per digit cost several percent of checking code
//! full of tensors. So the longest number `m` compared with must have whole bytes of digits.

use typenum::{B0, B1, UInt, UTerm};

use super::NotLonger;

/// Eight binary digits `D1`…`D8` (least significant last) on top of the number `U`.
type Byte<U, D1, D2, D3, D4, D5, D6, D7, D8> =
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<U, D1>, D2>, D3>, D4>, D5>, D6>, D7>, D8>;

impl<M> NotLonger<M> for UTerm {
    type Bit = B1;
}

impl<U, D> NotLonger<UTerm> for UInt<U, D> {
    type Bit = B0;
}

#[diagnostic::do_not_recommend]
impl<U, V, D1, D2, D3, D4, D5, D6, D7, D8, E1, E2, E3, E4, E5, E6, E7, E8>
    NotLonger<Byte<V, E1, E2, E3, E4, E5, E6, E7, E8>> for Byte<U, D1, D2, D3, D4, D5, D6, D7, D8>
where
    U: NotLonger<V>,
{
    type Bit = U::Bit;
}

/// A number of one to seven digits, beside one or more bytes of `m`: it is not longer.
macro_rules! short {
    ($($u:ty: $($d:ident)*;)*) => {$(
        impl<$($d,)* V, E> NotLonger<UInt<V, E>> for $u {
            type Bit = B1;
        }
    )*};
}
short! {
    UInt<UTerm, D1>: D1;
    UInt<UInt<UTerm, D1>, D2>: D1 D2;
    UInt<UInt<UInt<UTerm, D1>, D2>, D3>: D1 D2 D3;
    UInt<UInt<UInt<UInt<UTerm, D1>, D2>, D3>, D4>: D1 D2 D3 D4;
    UInt<UInt<UInt<UInt<UInt<UTerm, D1>, D2>, D3>, D4>, D5>: D1 D2 D3 D4 D5;
    UInt<UInt<UInt<UInt<UInt<UInt<UTerm, D1>, D2>, D3>, D4>, D5>, D6>: D1 D2 D3 D4 D5 D6;
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, D1>, D2>, D3>, D4>, D5>, D6>, D7>: D1 D2 D3 D4 D5 D6 D7;
}
