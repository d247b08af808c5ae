// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DeployERC20
/// @notice The /deploy page's token template: a fixed supply (whole tokens, 18 decimals) minted
///         to the deployer. No owner, no mint after deployment: what users expect of a "launch a
///         token" button, and nothing for an attacker to take over.
contract DeployERC20 is ERC20 {
    constructor(string memory name_, string memory symbol_, uint256 wholeSupply) ERC20(name_, symbol_) {
        _mint(msg.sender, wholeSupply * 10 ** decimals());
    }
}
