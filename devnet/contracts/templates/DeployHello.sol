// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DeployHello
/// @notice The /deploy page's smallest template: on-chain activity for the deployer (a contract of
///         their own that anyone can greet).
contract DeployHello {
    address public immutable deployer;
    string public message;
    uint256 public greetings;

    event Greeted(address indexed from, uint256 count);

    constructor(string memory message_) {
        deployer = msg.sender;
        message = message_;
    }

    function greet() external {
        emit Greeted(msg.sender, ++greetings);
    }
}
