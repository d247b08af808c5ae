#pragma once
// What makes a deployment from /deploy count (pure): its receipt must be a successful contract
// creation; the creation code says which template it was (the page's templates are the project's
// own compiled contracts, config/deploy-templates.json). Points: config/deploy.json's
// points_per_network, once per (wallet, network).
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perch::rewards {

struct DeployTemplate {
    std::string id;        // erc20, erc721, hello
    std::string bytecode;  // creation code, lower-case hex without 0x
};

struct DeployRules {
    std::int64_t points_per_network = 0;
    std::vector<DeployTemplate> templates;
};

// Reads config_dir/deploy.json and config_dir/deploy-templates.json; throws ConfigError.
DeployRules load_deploy_rules(const std::string& config_dir);

struct DeploymentCheck {
    std::optional<std::string> problem;  // client text when the receipt is not a deployment
    std::string deployer;                // lower case
    std::string contract;                // lower case
    std::int64_t block_number = 0;
};

DeploymentCheck check_deployment_receipt(const boost::json::object& receipt);

// The template whose creation code starts the transaction's input (constructor arguments follow
// it), or "custom".
std::string template_of(std::string_view input_hex, const std::vector<DeployTemplate>& templates);

// The ledger source that makes the deployment credit once per wallet and network.
std::string deploy_credit_source(std::int64_t chain_id, const std::string& user);

}  // namespace perch::rewards
