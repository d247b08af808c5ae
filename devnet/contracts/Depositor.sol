// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Depositor
/// @notice Source side of the Perch bridge. A user deposits native coin or an ERC-20; the funds go
///         straight to the maker in the same call and a `Deposit` event tells the maker where to
///         pay out. The contract never holds funds.
///
///         A guardian (a key kept apart from the maker's hot key: a cold key or a multisig) can
///         pause new deposits when something is wrong, and resume them. A pause stops only new
///         deposits: deposits already made were forwarded and logged, and the maker pays them as
///         usual. The maker's key cannot pause, so a stolen hot key cannot freeze the bridge.
contract Depositor {
    using SafeERC20 for IERC20;

    /// @notice Account that receives every deposit and pays out on the destination chain.
    address public immutable maker;

    /// @notice Account that may pause and resume deposits, and hand that role on.
    address public guardian;

    /// @notice True while deposits are refused.
    bool public paused;

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
    error ZeroGuardian();
    /// @notice The guardian must not be the maker: the hot key must not be able to freeze deposits.
    error GuardianIsMaker();
    error NotGuardian();
    /// @notice Deposits are paused by the guardian.
    error DepositsPaused();

    event Paused(address indexed by);
    event Resumed(address indexed by);
    event GuardianChanged(address indexed previous, address indexed next);

    modifier onlyGuardian() {
        if (msg.sender != guardian) revert NotGuardian();
        _;
    }

    constructor(address maker_, address guardian_) {
        if (maker_ == address(0)) revert ZeroMaker();
        if (guardian_ == address(0)) revert ZeroGuardian();
        if (guardian_ == maker_) revert GuardianIsMaker();
        maker = maker_;
        guardian = guardian_;
    }

    /// @notice Refuses new deposits until resume().
    function pause() external onlyGuardian {
        paused = true;
        emit Paused(msg.sender);
    }

    function resume() external onlyGuardian {
        paused = false;
        emit Resumed(msg.sender);
    }

    /// @notice Hands the guardian role to `next` (e.g. from a deployer key to a multisig).
    function setGuardian(address next) external onlyGuardian {
        if (next == address(0)) revert ZeroGuardian();
        if (next == maker) revert GuardianIsMaker();
        emit GuardianChanged(guardian, next);
        guardian = next;
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
        if (paused) revert DepositsPaused();
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
