// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IUniswapV2Factory} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Factory.sol";
import {IUniswapV2Pair} from "@uniswap/v2-core/contracts/interfaces/IUniswapV2Pair.sol";
import {IUniswapV3Factory} from "@uniswap/v3-core/contracts/interfaces/IUniswapV3Factory.sol";
import {IUniswapV3Pool} from "@uniswap/v3-core/contracts/interfaces/IUniswapV3Pool.sol";
import {IUniswapV3MintCallback} from "@uniswap/v3-core/contracts/interfaces/callback/IUniswapV3MintCallback.sol";

/// @title LiquiditySeeder
/// @notice Devnet only: creates Uniswap V2 pairs and V3 pools and adds the owner's liquidity in one
///         transaction per pool (V3 positions are minted straight on the pool, without the
///         NonfungiblePositionManager). The tokens come from the owner through its approvals, and
///         the positions and LP tokens belong to the owner.
contract LiquiditySeeder is IUniswapV3MintCallback {
    using SafeERC20 for IERC20;

    struct Position {
        int24 tickLower;
        int24 tickUpper;
        uint128 liquidity;
    }

    address public immutable owner;
    // The pool being minted on: the only caller the mint callback pays.
    address private transient _activePool;

    error NotOwner();
    error UnexpectedCallback();

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        // Anyone else could spend the owner's approvals.
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /// @notice Creates the pair if needed and deposits both amounts (the first deposit sets the price).
    function seedV2(IUniswapV2Factory factory, address tokenA, address tokenB, uint256 amountA, uint256 amountB)
        external
        onlyOwner
        returns (address pair)
    {
        pair = factory.getPair(tokenA, tokenB);
        if (pair == address(0)) pair = factory.createPair(tokenA, tokenB);
        IERC20(tokenA).safeTransferFrom(owner, pair, amountA);
        IERC20(tokenB).safeTransferFrom(owner, pair, amountB);
        IUniswapV2Pair(pair).mint(owner);
    }

    /// @notice Creates and initializes the pool at `sqrtPriceX96` if needed, then mints the positions.
    function seedV3(
        IUniswapV3Factory factory,
        address tokenA,
        address tokenB,
        uint24 fee,
        uint160 sqrtPriceX96,
        Position[] calldata positions
    ) external onlyOwner returns (address pool) {
        pool = factory.getPool(tokenA, tokenB, fee);
        if (pool == address(0)) {
            pool = factory.createPool(tokenA, tokenB, fee);
            IUniswapV3Pool(pool).initialize(sqrtPriceX96);
        }
        _activePool = pool;
        for (uint256 i = 0; i < positions.length; i++) {
            Position calldata p = positions[i];
            IUniswapV3Pool(pool).mint(owner, p.tickLower, p.tickUpper, p.liquidity, "");
        }
        _activePool = address(0);
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        if (msg.sender != _activePool) revert UnexpectedCallback();
        IUniswapV3Pool pool = IUniswapV3Pool(msg.sender);
        if (amount0Owed > 0) IERC20(pool.token0()).safeTransferFrom(owner, msg.sender, amount0Owed);
        if (amount1Owed > 0) IERC20(pool.token1()).safeTransferFrom(owner, msg.sender, amount1Owed);
    }
}
