// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title PerchPool
/// @notice The liquidity pool of /pool: allow-listed wallets deposit ETH (token address 0) or an
///         ERC-20 such as USDC; the bridge maker may pay bridge payouts out of it when its own
///         balance is short, which it owes back to the pool until it repays. Depositors withdraw
///         their own deposit, but only from what the maker has not drawn (`available`).
contract PerchPool is ReentrancyGuard {
    using SafeERC20 for IERC20;

    address public immutable maker;
    address public owner;
    mapping(address => bool) public allowed;
    /// token → depositor → amount deposited and not withdrawn
    mapping(address => mapping(address => uint256)) public deposits;
    mapping(address => uint256) public totalDeposits;
    /// token → what the maker has paid out of the pool and not repaid
    mapping(address => uint256) public owed;

    event Deposited(address indexed user, address indexed token, uint256 amount);
    event Withdrawn(address indexed user, address indexed token, uint256 amount);
    event PaidOut(address indexed token, address indexed to, uint256 amount);
    event Repaid(address indexed token, uint256 amount);
    event AllowedSet(address indexed user, bool allowed);

    error NotAllowed();
    error NotMaker();
    error NotOwner();
    error BadAmount();
    /// The amount is more than the pool holds beside what the maker has drawn.
    error Committed(uint256 available);
    error TransferFailed();

    constructor(address maker_, address[] memory allowed_) {
        maker = maker_;
        owner = msg.sender;
        for (uint256 i = 0; i < allowed_.length; i++) {
            allowed[allowed_[i]] = true;
            emit AllowedSet(allowed_[i], true);
        }
    }

    /// @notice What the pool holds of `token` now: the deposits less what the maker has drawn.
    function available(address token) public view returns (uint256) {
        return totalDeposits[token] - owed[token];
    }

    /// @notice Deposits `amount` of `token` (address 0: ETH, sent as the call's value).
    function deposit(address token, uint256 amount) external payable nonReentrant {
        if (!allowed[msg.sender]) revert NotAllowed();
        if (amount == 0) revert BadAmount();
        if (token == address(0)) {
            if (msg.value != amount) revert BadAmount();
        } else {
            if (msg.value != 0) revert BadAmount();
            IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        }
        deposits[token][msg.sender] += amount;
        totalDeposits[token] += amount;
        emit Deposited(msg.sender, token, amount);
    }

    /// @notice Withdraws up to the caller's deposit, from what the maker has not drawn.
    function withdraw(address token, uint256 amount) external nonReentrant {
        if (amount == 0 || amount > deposits[token][msg.sender]) revert BadAmount();
        uint256 free = available(token);
        if (amount > free) revert Committed(free);
        deposits[token][msg.sender] -= amount;
        totalDeposits[token] -= amount;
        _send(token, msg.sender, amount);
        emit Withdrawn(msg.sender, token, amount);
    }

    /// @notice The maker pays a bridge payout out of the pool; it owes the amount back.
    function payout(address token, address to, uint256 amount) external nonReentrant {
        if (msg.sender != maker) revert NotMaker();
        uint256 free = available(token);
        if (amount == 0 || amount > free) revert Committed(free);
        owed[token] += amount;
        _send(token, to, amount);
        emit PaidOut(token, to, amount);
    }

    /// @notice The maker returns what it drew (ETH as the call's value, tokens by allowance).
    function repay(address token, uint256 amount) external payable nonReentrant {
        if (msg.sender != maker) revert NotMaker();
        if (amount == 0 || amount > owed[token]) revert BadAmount();
        if (token == address(0)) {
            if (msg.value != amount) revert BadAmount();
        } else {
            if (msg.value != 0) revert BadAmount();
            IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        }
        owed[token] -= amount;
        emit Repaid(token, amount);
    }

    function setAllowed(address user, bool ok) external {
        if (msg.sender != owner) revert NotOwner();
        allowed[user] = ok;
        emit AllowedSet(user, ok);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == address(0)) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
