// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev Test helper: a maker that refuses native coin, to prove Depositor reverts when the
///      forward fails.
contract RejectingReceiver {
    receive() external payable {
        revert("no thanks");
    }
}
