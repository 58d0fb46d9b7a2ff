//! `case!`: one broadcast of the generated test files, written on one line.
//!
//! Shapes and lists are bracketed literals; the same lists become the `broadcast!` operands, the
//! `shape![…]` types and the `axes![…]` types, so a case cannot state one thing in one place and
//! another elsewhere.
//!
//! At the type level (module level of `tests/test_conformance.rs`), a form, its operands, and the
//! result or `error`:
//!
//! - `case!(numpy [2, 1], [3] => [2, 3])`, `case!(numpy [2, 4], [2, 3] => error)`
//! - `case!(to [3] => [2, 3])`, `case!(to [3] => [1] => error)` (NumPy `broadcast_to`)
//! - `case!(axes [3] => [2, 3], [0])` (nGraph `Broadcast`), `… => error`
//! - `case!(in_dim [3] => [2, 3], [1])` (XLA `BroadcastInDim`), `… => error`
//! - `case!(with_dims [4], [1, 2], [0] => [4, 2])` (XLA's binary form), `… => error`
//!
//! An accepted case asserts that the macro with literal operands, the macro with `shape![…]`
//! operands and the expected shape are one type; a rejected one, that the form's trait is not
//! implemented (the macro's literal errors are the UI tests' business).
//!
//! With values (statements in a test of `tests/test_static_kernels.rs`), through the typed
//! tensors: the one-operand forms copy `src` into a borrowed output,
//!
//! - `case!(to [3] => [2, 3]: i64 [1, 2, 3] => [1, 2, 3, 1, 2, 3])`
//! - `case!(axes [3] => [2, 3], [0]: &str ["a", "b", "c"] => [...])`, likewise `in_dim`
//! - `case!(in_dim [] => [2, 3], []: splat 2.0 => 2.0)`: every output element is the input's
//!
//! and the binary forms zip two tensors into a new one of the expected shape:
//!
//! - `case!(zip [2, 3], [3] => [2, 3]: |x: i64, y: i64| x + y, [1, 2, 3, 4, 5, 6], [7, 8, 9] => [...])`
//! - `case!(with_dims [4], [1, 2], [0] => [4, 2]: |x: f64, y: f64| x * y, [...], [...] => [...])`
//!
//! Floats are compared to their printed precision (`static_checks::same`).
//!
//! With a run-time size (`tests/test_conformance_runtime.rs`), `rt` before the form:
//! `case!(rt numpy [R<'static>, 1], [3] => [R<'static>, 3])`, `case!(rt numpy [R<'static>], [3] => error)`.
#[allow(unused_macros)]
macro_rules! case {
    // The type level with run-time sizes: each list is written out as tokens (`[R<'static>, 4]`),
    // and the error cases go through the general traits (`AnyBroadcast`, …), which take shapes
    // with run-time sizes.
    (rt numpy $([$($d:tt)*]),* => [$($e:tt)*]) => {
        assert_type_eq_all!(broadcast!($([$($d)*]),*), broadcast!($(shape![$($d)*]),*), shape![$($e)*]);
    };
    (rt numpy [$($a:tt)*], [$($b:tt)*] => error) => {
        assert_not_impl_any!(shape![$($a)*]: AnyBroadcast<shape![$($b)*]>);
    };
    (rt to [$($a:tt)*] => [$($s:tt)*]) => {
        assert_type_eq_all!(broadcast!([$($a)*] => [$($s)*]), broadcast!(shape![$($a)*] => shape![$($s)*]), shape![$($s)*]);
    };
    (rt to [$($a:tt)*] => [$($s:tt)*] => error) => {
        assert_not_impl_any!(shape![$($a)*]: AnyBroadcastTo<shape![$($s)*]>);
    };
    (rt axes [$($a:tt)*] => [$($s:tt)*], [$($l:tt)*]) => {
        assert_type_eq_all!(
            broadcast!([$($a)*] => [$($s)*], axes = [$($l)*]),
            broadcast!(shape![$($a)*] => shape![$($s)*], axes = [$($l)*]),
            shape![$($s)*]
        );
    };
    (rt axes [$($a:tt)*] => [$($s:tt)*], [$($l:tt)*] => error) => {
        assert_not_impl_any!(shape![$($a)*]: AnyBroadcastAxes<shape![$($s)*], axes![$($l)*]>);
    };
    (rt in_dim [$($a:tt)*] => [$($s:tt)*], [$($l:tt)*]) => {
        assert_type_eq_all!(
            broadcast!([$($a)*] => [$($s)*], dims = [$($l)*]),
            broadcast!(shape![$($a)*] => shape![$($s)*], dims = [$($l)*]),
            shape![$($s)*]
        );
    };
    (rt with_dims [$($a:tt)*], [$($b:tt)*], [$($l:tt)*] => [$($e:tt)*]) => {
        assert_type_eq_all!(
            broadcast!([$($a)*], [$($b)*], dims = [$($l)*]),
            broadcast!(shape![$($a)*], shape![$($b)*], dims = [$($l)*]),
            shape![$($e)*]
        );
    };
    // The type level.
    (numpy $([$($d:literal),*]),* => [$($e:literal),*]) => {
        assert_type_eq_all!(broadcast!($([$($d),*]),*), broadcast!($(shape![$($d),*]),*), shape![$($e),*]);
    };
    (numpy [$($a:literal),*], [$($b:literal),*] => error) => {
        assert_not_impl_any!(shape![$($a),*]: Broadcast<shape![$($b),*]>);
    };
    (to [$($a:literal),*] => [$($s:literal),*]) => {
        assert_type_eq_all!(
            broadcast!([$($a),*] => [$($s),*]),
            broadcast!(shape![$($a),*] => shape![$($s),*]),
            shape![$($s),*]
        );
    };
    (to [$($a:literal),*] => [$($s:literal),*] => error) => {
        assert_not_impl_any!(shape![$($a),*]: BroadcastTo<shape![$($s),*]>);
    };
    (axes [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*]) => {
        assert_type_eq_all!(
            broadcast!([$($a),*] => [$($s),*], axes = [$($l),*]),
            broadcast!(shape![$($a),*] => shape![$($s),*], axes = [$($l),*]),
            shape![$($s),*]
        );
    };
    (axes [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*] => error) => {
        assert_not_impl_any!(shape![$($a),*]: BroadcastAxes<shape![$($s),*], axes![$($l),*]>);
    };
    (in_dim [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*]) => {
        assert_type_eq_all!(
            broadcast!([$($a),*] => [$($s),*], dims = [$($l),*]),
            broadcast!(shape![$($a),*] => shape![$($s),*], dims = [$($l),*]),
            shape![$($s),*]
        );
    };
    (in_dim [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*] => error) => {
        assert_not_impl_any!(shape![$($a),*]: BroadcastInDim<shape![$($s),*], axes![$($l),*]>);
    };
    (with_dims [$($a:literal),*], [$($b:literal),*], [$($l:literal),*] => [$($e:literal),*]) => {
        assert_type_eq_all!(
            broadcast!([$($a),*], [$($b),*], dims = [$($l),*]),
            broadcast!(shape![$($a),*], shape![$($b),*], dims = [$($l),*]),
            shape![$($e),*]
        );
    };
    (with_dims [$($a:literal),*], [$($b:literal),*], [$($l:literal),*] => error) => {
        assert_not_impl_any!(shape![$($a),*]: BroadcastWithDims<shape![$($b),*], axes![$($l),*]>);
    };

    // Values through the typed tensors.
    (to [$($a:literal),*] => [$($s:literal),*]: $t:ty [$($x:literal),*] => [$($y:literal),*]) => {{
        let src: Vec<$t> = vec![$($x),*];
        let want: Vec<$t> = vec![$($y),*];
        let mut out: Vec<$t> = vec![Default::default(); want.len()];
        TensorRef::<_, shape![$($a),*]>::new(&src)
            .unwrap()
            .broadcast_to_into::<shape![$($s),*]>(&mut TensorMut::new(&mut out).unwrap());
        static_checks::same(&out, &want);
    }};
    (axes [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*]: $t:ty [$($x:literal),*] => [$($y:literal),*]) => {{
        let src: Vec<$t> = vec![$($x),*];
        let want: Vec<$t> = vec![$($y),*];
        let mut out: Vec<$t> = vec![Default::default(); want.len()];
        TensorRef::<_, shape![$($a),*]>::new(&src)
            .unwrap()
            .broadcast_axes_into::<shape![$($s),*], axes![$($l),*]>(&mut TensorMut::new(&mut out).unwrap());
        static_checks::same(&out, &want);
    }};
    (in_dim [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*]: $t:ty [$($x:literal),*] => [$($y:literal),*]) => {{
        let src: Vec<$t> = vec![$($x),*];
        let want: Vec<$t> = vec![$($y),*];
        let mut out: Vec<$t> = vec![Default::default(); want.len()];
        TensorRef::<_, shape![$($a),*]>::new(&src)
            .unwrap()
            .broadcast_in_dim_into::<shape![$($s),*], axes![$($l),*]>(&mut TensorMut::new(&mut out).unwrap());
        static_checks::same(&out, &want);
    }};
    (in_dim [$($a:literal),*] => [$($s:literal),*], [$($l:literal),*]: splat $x:literal => $y:literal) => {{
        let src = vec![$x; <shape![$($a),*]>::LEN];
        let mut out = vec![Default::default(); <shape![$($s),*]>::LEN];
        TensorRef::<_, shape![$($a),*]>::new(&src)
            .unwrap()
            .broadcast_in_dim_into::<shape![$($s),*], axes![$($l),*]>(&mut TensorMut::new(&mut out).unwrap());
        static_checks::same(&out, &[$y; <shape![$($s),*]>::LEN]);
    }};
    (zip [$($a:literal),*], [$($b:literal),*] => [$($e:literal),*]: $f:expr, [$($x:literal),*], [$($y:literal),*] => [$($z:literal),*]) => {{
        let (a, b) = (vec![$($x),*], vec![$($y),*]);
        let a = TensorRef::<_, shape![$($a),*]>::new(&a).unwrap();
        let b = TensorRef::<_, shape![$($b),*]>::new(&b).unwrap();
        let out: Tensor<_, shape![$($e),*]> = a.zip_with(&b, $f);
        static_checks::same(out.as_slice(), &[$($z),*]);
    }};
    (with_dims [$($a:literal),*], [$($b:literal),*], [$($l:literal),*] => [$($e:literal),*]: $f:expr, [$($x:literal),*], [$($y:literal),*] => [$($z:literal),*]) => {{
        let (a, b) = (vec![$($x),*], vec![$($y),*]);
        let a = TensorRef::<_, shape![$($a),*]>::new(&a).unwrap();
        let b = TensorRef::<_, shape![$($b),*]>::new(&b).unwrap();
        let out: Tensor<_, shape![$($e),*]> = a.with_dims::<axes![$($l),*]>().zip_with(&b, $f);
        static_checks::same(out.as_slice(), &[$($z),*]);
    }};
}
