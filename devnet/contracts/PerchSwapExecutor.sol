// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {IUniswapV3Factory} from "@uniswap/v3-core/contracts/interfaces/IUniswapV3Factory.sol";
import {IUniswapV3Pool} from "@uniswap/v3-core/contracts/interfaces/IUniswapV3Pool.sol";
import {IUniswapV3SwapCallback} from "@uniswap/v3-core/contracts/interfaces/callback/IUniswapV3SwapCallback.sol";

interface IWETH {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

/// @title PerchSwapExecutor
/// @notice Runs the server's route: an exact-input swap split over paths of V2 pairs and V3 pools
///         (docs/swap.md). Holds no funds between calls: everything it takes in one `execute` is
///         swapped and paid out in that call.
contract PerchSwapExecutor is IUniswapV3SwapCallback, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    struct Hop {
        address pool;
        uint8 kind; // KIND_V2 or KIND_V3
        address tokenIn;
        address tokenOut;
        uint24 fee; // V3 fee tier (ppm); V2 pairs always take 0.3 %
    }

    struct Path {
        uint256 amountIn;
        Hop[] hops;
    }

    uint8 internal constant KIND_V2 = 2;
    uint8 internal constant KIND_V3 = 3;
    // TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1: no price limit, the input decides.
    uint160 internal constant MIN_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    address public immutable weth;
    IUniswapV3Factory public immutable v3Factory;

    // The V3 pool being swapped on: the only caller the swap callback pays (reset after each hop).
    address private transient _activePool;

    event Swapped(
        address indexed sender,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );

    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error Expired();
    error BadValue();
    error BadAmounts();
    error BadPath();
    error UnknownPool(address pool);
    error UnexpectedCallback();
    error PartialFill();
    error EthTransferFailed();

    constructor(address weth_, address v3Factory_) {
        weth = weth_;
        v3Factory = IUniswapV3Factory(v3Factory_);
    }

    /// @dev Only WETH sends ETH here (unwrapping a native output).
    receive() external payable {
        if (msg.sender != weth) revert BadValue();
    }

    function execute(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        Path[] calldata paths,
        uint256 minAmountOut,
        address recipient,
        uint256 deadline
    ) external payable nonReentrant returns (uint256 amountOut) {
        if (block.timestamp > deadline) revert Expired();
        _checkPaths(paths, amountIn, _wrapped(tokenIn), _wrapped(tokenOut));
        _takeInput(tokenIn, amountIn);
        for (uint256 i = 0; i < paths.length; i++) {
            amountOut += _runPath(paths[i]);
        }
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        _payOut(tokenOut, recipient, amountOut);
        emit Swapped(msg.sender, recipient, tokenIn, tokenOut, amountIn, amountOut);
    }

    /// @notice Pays a V3 pool the input it asks for; only the pool `execute` is swapping on, which
    ///         was checked against the factory before the swap.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        if (msg.sender != _activePool) revert UnexpectedCallback();
        address tokenIn = abi.decode(data, (address));
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        IERC20(tokenIn).safeTransfer(msg.sender, owed);
    }

    /// @dev Before anything moves: the paths' inputs add up to `amountIn` and each path's hops
    ///      chain from `tokenIn` to `tokenOut`, so that nothing is left behind in the contract.
    function _checkPaths(Path[] calldata paths, uint256 amountIn, address tokenIn, address tokenOut) private pure {
        uint256 sum;
        for (uint256 i = 0; i < paths.length; i++) {
            sum += paths[i].amountIn;
            _checkHops(paths[i].hops, tokenIn, tokenOut);
        }
        if (amountIn == 0 || sum != amountIn) revert BadAmounts();
    }

    function _checkHops(Hop[] calldata hops, address tokenIn, address tokenOut) private pure {
        address token = tokenIn;
        for (uint256 i = 0; i < hops.length; i++) {
            if (hops[i].tokenIn != token || (hops[i].kind != KIND_V2 && hops[i].kind != KIND_V3)) revert BadPath();
            token = hops[i].tokenOut;
        }
        if (hops.length == 0 || token != tokenOut) revert BadPath();
    }

    function _takeInput(address tokenIn, uint256 amountIn) private {
        if (tokenIn == address(0)) {
            if (msg.value != amountIn) revert BadValue();
            IWETH(weth).deposit{value: amountIn}();
        } else {
            if (msg.value != 0) revert BadValue();
            IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountIn);
        }
    }

    /// @dev Hops trade native ETH as WETH.
    function _wrapped(address token) private view returns (address) {
        return token == address(0) ? weth : token;
    }

    function _payOut(address tokenOut, address recipient, uint256 amountOut) private {
        if (tokenOut == address(0)) {
            IWETH(weth).withdraw(amountOut);
            (bool ok,) = recipient.call{value: amountOut}("");
            if (!ok) revert EthTransferFailed();
        } else {
            IERC20(tokenOut).safeTransfer(recipient, amountOut);
        }
    }

    /// @dev Runs one path's hops in turn, each on the previous one's output.
    function _runPath(Path calldata path) private returns (uint256 amount) {
        amount = path.amountIn;
        for (uint256 i = 0; i < path.hops.length; i++) {
            Hop calldata hop = path.hops[i];
            amount = hop.kind == KIND_V2 ? _swapV2(hop, amount) : _swapV3(hop, amount);
        }
    }

    /// @dev The pair's own rule: the output for `amountIn` less 0.3 % on its current reserves.
    function _swapV2(Hop calldata hop, uint256 amountIn) private returns (uint256 amountOut) {
        bool zeroForOne = hop.tokenIn < hop.tokenOut;
        (uint112 reserve0, uint112 reserve1,) = IUniswapV2Pair(hop.pool).getReserves();
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 inWithFee = amountIn * 997;
        amountOut = (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
        IERC20(hop.tokenIn).safeTransfer(hop.pool, amountIn);
        (uint256 out0, uint256 out1) = zeroForOne ? (uint256(0), amountOut) : (amountOut, uint256(0));
        IUniswapV2Pair(hop.pool).swap(out0, out1, address(this), "");
    }

    function _swapV3(Hop calldata hop, uint256 amountIn) private returns (uint256 amountOut) {
        bool zeroForOne = hop.tokenIn < hop.tokenOut;
        if (v3Factory.getPool(hop.tokenIn, hop.tokenOut, hop.fee) != hop.pool) revert UnknownPool(hop.pool);
        _activePool = hop.pool;
        (int256 amount0, int256 amount1) = IUniswapV3Pool(hop.pool).swap(
            address(this),
            zeroForOne,
            int256(amountIn),
            zeroForOne ? MIN_PRICE_LIMIT : MAX_PRICE_LIMIT,
            abi.encode(hop.tokenIn)
        );
        _activePool = address(0);
        (int256 paid, int256 received) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        // A pool that runs out of liquidity stops early; the rest of the input would stay here.
        if (uint256(paid) != amountIn) revert PartialFill();
        amountOut = uint256(-received);
    }
}
