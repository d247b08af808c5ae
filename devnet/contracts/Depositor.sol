// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Depositor
/// @notice Source side of the Perch bridge. A user deposits native coin or an ERC-20; the funds go
///         straight to the maker in the same call and a `Deposit` event tells the maker where to
///         pay out. The contract never holds funds.
contract Depositor {
    using SafeERC20 for IERC20;

    /// @notice Account that receives every deposit and pays out on the destination chain.
    address public immutable maker;

    /// @notice Emitted once per deposit. `token` is address(0) for the native coin. `recipient` is
    ///         a string so non-EVM addresses and exchange deposit addresses fit.
    event Deposit(
        address indexed sender,
        address indexed token,
        uint256 amount,
        uint256 indexed dstChainId,
        string recipient,
        uint256 channel
    );

    error ZeroMaker();
    error ZeroAmount();
    /// @notice msg.value must equal `amount` for native deposits and be 0 for ERC-20 deposits.
    error ValueMismatch(uint256 expected, uint256 actual);
    /// @notice The native transfer to the maker failed.
    error ForwardFailed();

    constructor(address maker_) {
        if (maker_ == address(0)) revert ZeroMaker();
        maker = maker_;
    }

    /// @param token ERC-20 address, or address(0) for the native coin.
    /// @param amount Amount in the token's smallest unit (wei for native).
    /// @param dstChainId Destination chain id (Perch's network id for non-EVM destinations).
    /// @param recipient Destination address as text.
    /// @param channel Referral / integration channel id.
    function deposit(
        address token,
        uint256 amount,
        uint256 dstChainId,
        string calldata recipient,
        uint256 channel
    ) external payable {
        if (amount == 0) revert ZeroAmount();
        if (token == address(0)) {
            if (msg.value != amount) revert ValueMismatch(amount, msg.value);
            (bool ok,) = maker.call{value: amount}("");
            if (!ok) revert ForwardFailed();
        } else {
            if (msg.value != 0) revert ValueMismatch(0, msg.value);
            IERC20(token).safeTransferFrom(msg.sender, maker, amount);
        }
        emit Deposit(msg.sender, token, amount, dstChainId, recipient, channel);
    }
}
