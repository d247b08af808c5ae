// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IDestinationSettler} from "./ERC7683.sol";

/// @title PerchDestinationSettler
/// @notice ERC-7683 destination settler: `fill` pays an order's recipient its output (native coin
///         as the call's value, or an ERC-20 from the caller's allowance) exactly once per orderId,
///         and only until the order's fillDeadline. The origin data is the one PerchOriginSettler
///         put in the order's FillInstruction; its hash must be the orderId, so a fill cannot name
///         a real order with other terms. Any filler may fill; Perch's maker does.
/// @notice The origin data PerchOriginSettler writes into each FillInstruction (abi.encode of these fields).
struct OriginData {
    uint256 originChainId;
    address originSettler;
    address user;
    uint256 nonce;
    uint32 fillDeadline;
    uint256 destinationChainId;
    bytes32 outputToken;
    uint256 outputAmount;
    bytes32 recipient;
    uint256 channel;
}

contract PerchDestinationSettler is IDestinationSettler, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice orderId → who filled it (zero while unfilled).
    mapping(bytes32 => address) public filledBy;

    /// @notice One per fill; the maker and the origin side match it by orderId.
    event Filled(
        bytes32 indexed orderId,
        uint256 indexed originChainId,
        address indexed filler,
        address token,
        uint256 amount,
        address recipient
    );

    error OrderIdMismatch();
    error WrongChain(uint256 destinationChainId);
    error FillDeadlinePassed(uint32 fillDeadline);
    error AlreadyFilled(bytes32 orderId, address filler);
    error BadRecipient(bytes32 recipient);
    error BadToken(bytes32 token);
    error ValueMismatch(uint256 expected, uint256 actual);
    error TransferFailed();

    function fill(bytes32 orderId, bytes calldata originData, bytes calldata) external payable nonReentrant {
        if (keccak256(originData) != orderId) revert OrderIdMismatch();
        OriginData memory d = abi.decode(originData, (OriginData));
        if (d.destinationChainId != block.chainid) revert WrongChain(d.destinationChainId);
        if (block.timestamp > d.fillDeadline) revert FillDeadlinePassed(d.fillDeadline);
        address prior = filledBy[orderId];
        if (prior != address(0)) revert AlreadyFilled(orderId, prior);
        address recipient = _address(d.recipient);
        if (recipient == address(0)) revert BadRecipient(d.recipient);
        if (uint256(d.outputToken) >> 160 != 0) revert BadToken(d.outputToken);
        address token = address(uint160(uint256(d.outputToken)));
        uint256 amount = d.outputAmount;
        filledBy[orderId] = msg.sender;
        if (token == address(0)) {
            if (msg.value != amount) revert ValueMismatch(amount, msg.value);
            (bool ok,) = recipient.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            if (msg.value != 0) revert ValueMismatch(0, msg.value);
            IERC20(token).safeTransferFrom(msg.sender, recipient, amount);
        }
        emit Filled(orderId, d.originChainId, msg.sender, token, amount, recipient);
    }

    /// @dev An EVM recipient is a left-padded address; anything with the high 12 bytes set is not.
    function _address(bytes32 word) private pure returns (address) {
        if (uint256(word) >> 160 != 0) return address(0);
        return address(uint160(uint256(word)));
    }
}
