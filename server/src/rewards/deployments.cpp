#include "rewards/deployments.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"

namespace perch::rewards {
namespace json = boost::json;

namespace {

std::string string_field(const json::object& o, std::string_view key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

std::string without_0x(std::string hex) {
    if (hex.starts_with("0x") || hex.starts_with("0X")) hex.erase(0, 2);
    return text::to_lower(hex);
}

}  // namespace

DeployRules load_deploy_rules(const std::string& config_dir) {
    DeployRules rules;
    auto rules_file = config_dir + "/deploy.json";
    auto doc = read_json_file(rules_file, "deploy rules");
    const auto* points =
        doc.is_object() ? doc.as_object().if_contains("points_per_network") : nullptr;
    if (!points || !points->is_int64() || points->as_int64() < 0)
        throw ConfigError(rules_file + ": points_per_network must be a whole number >= 0");
    rules.points_per_network = points->as_int64();
    auto templates_file = config_dir + "/deploy-templates.json";
    auto templates = read_json_file(templates_file, "deploy templates");
    const auto* list =
        templates.is_object() ? templates.as_object().if_contains("templates") : nullptr;
    if (!list || !list->is_array())
        throw ConfigError(templates_file + ": templates must be a list");
    for (const auto& t : list->as_array()) {
        if (!t.is_object())
            throw ConfigError(templates_file + ": every template must be an object");
        DeployTemplate entry{string_field(t.as_object(), "id"),
                             without_0x(string_field(t.as_object(), "bytecode"))};
        if (entry.id.empty() || entry.bytecode.empty())
            throw ConfigError(templates_file + ": a template lacks its id or bytecode");
        rules.templates.push_back(std::move(entry));
    }
    return rules;
}

DeploymentCheck check_deployment_receipt(const json::object& receipt) {
    DeploymentCheck out;
    if (string_field(receipt, "status") != "0x1") {
        out.problem = "the deployment transaction failed on chain";
        return out;
    }
    auto contract = string_field(receipt, "contractAddress");
    if (contract.empty()) {
        out.problem = "this transaction did not deploy a contract";
        return out;
    }
    out.contract = text::to_lower(contract);
    out.deployer = text::to_lower(string_field(receipt, "from"));
    auto block = without_0x(string_field(receipt, "blockNumber"));
    std::uint64_t number = 0;
    std::from_chars(block.data(), block.data() + block.size(), number, 16);
    out.block_number = static_cast<std::int64_t>(number);
    return out;
}

std::string template_of(std::string_view input_hex, const std::vector<DeployTemplate>& templates) {
    auto input = without_0x(std::string(input_hex));
    for (const auto& t : templates)
        if (input.starts_with(t.bytecode)) return t.id;
    return "custom";
}

std::string deploy_credit_source(std::int64_t chain_id, const std::string& user) {
    return "deploy:" + std::to_string(chain_id) + ":" + user;
}

}  // namespace perch::rewards
